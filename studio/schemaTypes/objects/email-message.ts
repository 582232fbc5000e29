import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineType } from 'sanity'
import { optionalString, optionalText, requiredString, requiredText } from '../fields'

/** One e-mail the site sends: its subject, what comes before and after its buttons. */
export const emailMessage = defineType({
  name: 'emailMessage',
  title: 'E-mail',
  type: 'object',
  icon: EnvelopeIcon,
  fields: [
    requiredString('subject', 'Subject', 'The subject line. Placeholders are listed with each e-mail.'),
    requiredText('intro', 'Before the button', 'The opening paragraphs. Leave a blank line between paragraphs.'),
    optionalString('button', 'Button', 'The words on the link button, when the e-mail has one.'),
    optionalString('secondButton', 'Second button', 'A second link button, when the e-mail has two.'),
    optionalText(
      'outro',
      'After the button',
      'Optional: what to do if the e-mail was not expected, how long a link works.',
    ),
  ],
  preview: { select: { title: 'subject' } },
})
