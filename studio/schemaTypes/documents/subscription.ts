import { UsersIcon } from '@sanity/icons/Users'
import { defineField, defineType } from 'sanity'

/** A newsletter sign-up, written by the site at a private id. Read-only for editors. */
export const subscription = defineType({
  name: 'subscription',
  title: 'Newsletter subscriber',
  type: 'document',
  icon: UsersIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'email',
      title: 'E-mail',
      type: 'email',
      description: 'The subscriber’s address.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'consent',
      title: 'Consent given',
      type: 'boolean',
      description: 'The subscriber ticked the consent box.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'subscribedAt',
      title: 'Signed up',
      type: 'datetime',
      description: 'When the sign-up arrived.',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { select: { title: 'email', subtitle: 'subscribedAt' } },
})
