import { WarningOutlineIcon } from '@sanity/icons/WarningOutline'
import { defineField, defineType } from 'sanity'

const errorCopy = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'object',
    description,
    fields: [
      defineField({
        name: 'title',
        title: 'Browser tab title',
        type: 'string',
        description: 'The title in the browser tab.',
        validation: (rule) => rule.required(),
      }),
      defineField({
        name: 'heading',
        title: 'Heading',
        type: 'string',
        description: 'The heading of the error page.',
        validation: (rule) => rule.required(),
      }),
      defineField({
        name: 'code',
        title: 'Large number',
        type: 'string',
        description: 'The large number under the heading.',
        validation: (rule) => rule.required(),
      }),
      defineField({
        name: 'text',
        title: 'Text',
        type: 'text',
        rows: 2,
        description: 'The explanation under the number.',
        validation: (rule) => rule.required(),
      }),
      defineField({
        name: 'button',
        title: 'Button',
        type: 'link',
        description: 'The way back, usually to the home page.',
        validation: (rule) => rule.required(),
      }),
    ],
    validation: (rule) => rule.required(),
  })

export const errorPages = defineType({
  name: 'errorPages',
  title: 'Error pages',
  type: 'document',
  icon: WarningOutlineIcon,
  fields: [
    errorCopy('notFound', 'Page not found', 'Shown when an address does not exist on the site.'),
    errorCopy('serverError', 'Other errors', 'Shown when something goes wrong on our side.'),
  ],
  preview: { prepare: () => ({ title: 'Error pages' }) },
})
