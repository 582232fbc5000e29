import { EnvelopeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

export const newsletter = defineType({
  name: 'newsletter',
  title: 'Newsletter strip',
  type: 'document',
  icon: EnvelopeIcon,
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', description: 'The strip’s heading above the footer.', validation: (rule) => rule.required() }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 2, description: 'What subscribers get, in a sentence.' }),
    defineField({ name: 'emailLabel', title: 'E-mail field label', type: 'string', description: 'The label of the e-mail field.', validation: (rule) => rule.required() }),
    defineField({ name: 'emailPlaceholder', title: 'E-mail field hint', type: 'string', description: 'Greyed example inside the empty field, for example "name@example.co.uk".' }),
    defineField({ name: 'consentText', title: 'Consent text', type: 'string', description: 'The sentence beside the consent box, before the privacy link.', validation: (rule) => rule.required() }),
    defineField({ name: 'privacyLink', title: 'Privacy policy link', type: 'link', description: 'The link after the consent text.', validation: (rule) => rule.required() }),
    defineField({ name: 'buttonLabel', title: 'Button label', type: 'string', description: 'The submit button.', validation: (rule) => rule.required() }),
    defineField({ name: 'sendingMessage', title: 'Sending message', type: 'string', description: 'Shown while the sign-up is being sent.', validation: (rule) => rule.required() }),
    defineField({ name: 'successMessage', title: 'Success message', type: 'string', description: 'Shown when a new address is signed up.', validation: (rule) => rule.required() }),
    defineField({ name: 'duplicateMessage', title: 'Already subscribed message', type: 'string', description: 'Shown when the address was already signed up.', validation: (rule) => rule.required() }),
    defineField({ name: 'invalidEmailMessage', title: 'Invalid address message', type: 'string', description: 'Shown when the address is not a valid e-mail address.', validation: (rule) => rule.required() }),
    defineField({ name: 'consentRequiredMessage', title: 'Consent missing message', type: 'string', description: 'Shown when the consent box is not ticked.', validation: (rule) => rule.required() }),
    defineField({ name: 'errorMessage', title: 'Error message', type: 'string', description: 'Shown when the sign-up could not be saved.', validation: (rule) => rule.required() }),
  ],
  preview: { prepare: () => ({ title: 'Newsletter strip' }) },
})
