import { BasketIcon } from '@sanity/icons/Basket'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** The visitor's basket, read in the browser: editable on the basket page, a summary at checkout. */
export const basketSection = defineType({
  name: 'basketSection',
  title: 'Basket',
  type: 'object',
  icon: BasketIcon,
  fields: [
    requiredString('heading', 'Heading', 'Above the basket, for example "Devices you are selling".'),
    defineField({
      name: 'editable',
      title: 'Can change quantities',
      type: 'boolean',
      description: 'On for the basket page; off for a read-only summary such as at checkout.',
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: 'heading', editable: 'editable' },
    prepare: ({ title, editable }) => ({ title, subtitle: editable ? 'Basket' : 'Basket summary' }),
  },
})
