import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineField, defineType } from 'sanity'
import { requiredText, templateString } from '../fields'

const message = (name: string, title: string, placeholders: string) =>
  defineField({
    name,
    title,
    type: 'emailMessage',
    description: `Placeholders: {name} (the seller’s name), {productName}, {phone} and {email} (our contact details)${placeholders}.`,
    validation: (rule) => rule.required(),
  })

/** The words of every e-mail the site sends. */
export const emailCopy = defineType({
  name: 'emailCopy',
  title: 'E-mails',
  type: 'document',
  icon: EnvelopeIcon,
  fields: [
    templateString('greeting', 'Greeting', 'The first line of every e-mail. {name} becomes the seller’s name.', [
      'name',
    ]),
    requiredText('signOff', 'Sign-off', 'The last lines of every e-mail, for example "Thank you" and the team’s name.'),
    requiredText(
      'footer',
      'Footer',
      'Small print under every e-mail. {productName}, {phone} and {email} become our name and contact details.',
    ),
    message('verifyEmail', 'Verify your e-mail', ', {hours} (how long the link works)'),
    message('existingAccount', 'Sign-up with an address that has an account', ''),
    message('resetPassword', 'Reset your password', ', {minutes} (how long the link works)'),
    message('passwordChanged', 'Password changed', ''),
    message('accountDeleted', 'Account deleted', ''),
  ],
  preview: { prepare: () => ({ title: 'E-mails' }) },
})
