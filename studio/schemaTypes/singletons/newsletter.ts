import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

export const newsletter = defineType({
  name: 'newsletter',
  title: 'Newsletter strip',
  type: 'document',
  icon: EnvelopeIcon,
  fields: [
    requiredString('heading', 'Heading', 'The strip’s heading above the footer.'),
    defineField({
      name: 'text',
      title: 'Text',
      type: 'text',
      rows: 2,
      description: 'What subscribers get, in a sentence.',
    }),
    requiredString('emailLabel', 'E-mail field label', 'The label of the e-mail field.'),
    defineField({
      name: 'emailPlaceholder',
      title: 'E-mail field hint',
      type: 'string',
      description: 'Greyed example inside the empty field, for example "name@example.co.uk".',
    }),
    requiredString('consentText', 'Consent text', 'The sentence beside the consent box, before the privacy link.'),
    defineField({
      name: 'privacyLink',
      title: 'Privacy policy link',
      type: 'link',
      description: 'The link after the consent text.',
      validation: (rule) => rule.required(),
    }),
    requiredString('buttonLabel', 'Button label', 'The submit button.'),
    requiredString('sendingMessage', 'Sending message', 'Shown while the sign-up is being sent.'),
    requiredString('successMessage', 'Success message', 'Shown when a new address is signed up.'),
    requiredString(
      'invalidEmailMessage',
      'Invalid address message',
      'Shown when the address is not a valid e-mail address.',
    ),
    requiredString('consentRequiredMessage', 'Consent missing message', 'Shown when the consent box is not ticked.'),
    requiredString(
      'rateLimitedMessage',
      'Too many attempts message',
      'Shown when one visitor tries to sign up too often in a short time.',
    ),
    requiredString('errorMessage', 'Error message', 'Shown when the sign-up could not be saved.'),
  ],
  preview: { prepare: () => ({ title: 'Newsletter strip' }) },
})
