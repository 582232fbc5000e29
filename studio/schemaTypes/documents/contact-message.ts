import { CommentIcon } from '@sanity/icons/Comment'
import { defineField, defineType } from 'sanity'

/** A message from the contact form, written by the site at a private id. Read-only for editors. */
export const contactMessage = defineType({
  name: 'contactMessage',
  title: 'Contact message',
  type: 'document',
  icon: CommentIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      description: 'Who wrote.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'email',
      title: 'E-mail',
      type: 'email',
      description: 'Where to reply.',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'phone', title: 'Phone', type: 'string', description: 'A UK number, if given.' }),
    defineField({
      name: 'message',
      title: 'Message',
      type: 'text',
      description: 'What they wrote.',
      validation: (rule) => rule.required(),
    }),
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
