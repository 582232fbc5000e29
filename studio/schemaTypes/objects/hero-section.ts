import { RocketIcon } from '@sanity/icons/Rocket'
import { defineField, defineType } from 'sanity'

export const heroSection = defineType({
  name: 'heroSection',
  title: 'Hero',
  type: 'object',
  icon: RocketIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'The main heading at the top of the page. Keep it under about 60 characters.',
      validation: (rule) => rule.required().max(90),
    }),
    defineField({
      name: 'text',
      title: 'Text',
      type: 'text',
      rows: 3,
      description: 'One or two sentences under the heading.',
    }),
    defineField({
      name: 'actions',
      title: 'Buttons',
      type: 'array',
      description: 'Up to two buttons under the text; the first is shown as the main one.',
      of: [{ type: 'link' }],
      validation: (rule) => rule.max(2),
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Hero' }),
  },
})
