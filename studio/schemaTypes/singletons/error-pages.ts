import { WarningOutlineIcon } from '@sanity/icons/WarningOutline'
import { defineField, defineType } from 'sanity'
import { requiredString, requiredText } from '../fields'

const errorCopy = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'object',
    description,
    fields: [
      requiredString('title', 'Browser tab title', 'The title in the browser tab.'),
      requiredString('heading', 'Heading', 'The heading of the error page.'),
      requiredString('code', 'Large number', 'The large number under the heading.'),
    ],
    validation: (rule) => rule.required(),
  })

export const errorPages = defineType({
  name: 'errorPages',
  title: 'Error pages',
  type: 'document',
  icon: WarningOutlineIcon,
  fields: [
    // Both pages say the same under their number and offer the same way back: written once.
    requiredText('text', 'Text', 'The explanation under the large number, on both error pages.'),
    defineField({
      name: 'button',
      title: 'Button',
      type: 'link',
      description: 'The way back from both error pages, usually to the home page.',
      validation: (rule) => rule.required(),
    }),
    errorCopy('notFound', 'Page not found', 'Shown when an address does not exist on the site.'),
    errorCopy('serverError', 'Other errors', 'Shown when something goes wrong on our side.'),
  ],
  preview: { prepare: () => ({ title: 'Error pages' }) },
})
