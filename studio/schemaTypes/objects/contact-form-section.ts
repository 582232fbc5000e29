import { EnvelopeIcon } from '@sanity/icons/Envelope'
import { defineField, defineType } from 'sanity'

const text = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'string', description, validation: (rule) => rule.required() })

/** The contact form, with every label and message visitors see. Messages arrive in the Studio's inbox. */
export const contactFormSection = defineType({
  name: 'contactFormSection',
  title: 'Contact form',
  type: 'object',
  icon: EnvelopeIcon,
  groups: [
    { name: 'labels', title: 'Labels', default: true },
    { name: 'messages', title: 'Messages' },
  ],
  fields: [
    defineField({ ...text('heading', 'Heading', 'The heading above the form.'), group: 'labels' }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 2,
      group: 'labels',
      description: 'A sentence above the form, for example how soon you reply.',
    }),
    defineField({ ...text('nameLabel', 'Name label', 'The label of the name field.'), group: 'labels' }),
    defineField({ ...text('emailLabel', 'E-mail label', 'The label of the e-mail field.'), group: 'labels' }),
    defineField({ ...text('phoneLabel', 'Phone label', 'The label of the optional phone field.'), group: 'labels' }),
    defineField({
      ...text('optionalLabel', 'Optional marker', 'Shown beside optional fields, for example "(optional)".'),
      group: 'labels',
    }),
    defineField({ ...text('messageLabel', 'Message label', 'The label of the message box.'), group: 'labels' }),
    defineField({ ...text('buttonLabel', 'Button label', 'The send button.'), group: 'labels' }),
    defineField({
      ...text(
        'errorSummaryTitle',
        'Error summary heading',
        'Above the list of problems at the top of the form, for example "There is a problem".',
      ),
      group: 'messages',
    }),
    defineField({ ...text('sendingMessage', 'Sending', 'Shown while the message is being sent.'), group: 'messages' }),
    defineField({ ...text('successMessage', 'Sent', 'Shown once the message is safely received.'), group: 'messages' }),
    defineField({ ...text('nameRequiredMessage', 'Name missing', 'Shown when the name is empty.'), group: 'messages' }),
    defineField({
      ...text('emailInvalidMessage', 'E-mail invalid', 'Shown when the e-mail address is missing or not valid.'),
      group: 'messages',
    }),
    defineField({
      ...text('phoneInvalidMessage', 'Phone invalid', 'Shown when the phone number is not a UK number.'),
      group: 'messages',
    }),
    defineField({
      ...text('messageRequiredMessage', 'Message missing', 'Shown when the message is empty.'),
      group: 'messages',
    }),
    defineField({
      ...text('tooLongMessage', 'Too long', 'Shown when a field is longer than allowed. {max} becomes the limit.'),
      group: 'messages',
    }),
    defineField({
      ...text('plainTextMessage', 'Plain text only', 'Shown when a field holds markup or control characters.'),
      group: 'messages',
    }),
    defineField({
      ...text('rateLimitedMessage', 'Too many attempts', 'Shown when someone sends too many messages in a short time.'),
      group: 'messages',
    }),
    defineField({
      ...text('errorMessage', 'Could not send', 'Shown when the message could not be saved.'),
      group: 'messages',
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Contact form' }),
  },
})
