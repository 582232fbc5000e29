import { CommentIcon } from '@sanity/icons/Comment'
import { defineField, defineType } from 'sanity'
import { requiredString, requiredText } from '../fields'

/** A message from the contact form, written by the site at a private id. Read-only for editors. */
export const contactMessage = defineType({
  name: 'contactMessage',
  title: 'Contact message',
  type: 'document',
  icon: CommentIcon,
  readOnly: true,
  fields: [
    requiredString('name', 'Name', 'Who wrote.'),
    defineField({
      name: 'email',
      title: 'E-mail',
      type: 'email',
      description: 'Where to reply.',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'phone', title: 'Phone', type: 'string', description: 'A UK number, if given.' }),
    requiredText('message', 'Message', 'What they wrote.'),
    defineField({
      name: 'receivedAt',
      title: 'Received',
      type: 'datetime',
      description: 'When it arrived.',
      validation: (rule) => rule.required(),
    }),
  ],
  orderings: [{ title: 'Newest first', name: 'receivedDesc', by: [{ field: 'receivedAt', direction: 'desc' }] }],
  preview: { select: { title: 'name', subtitle: 'email' } },
})
