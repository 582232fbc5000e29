import { PackageIcon } from '@sanity/icons/Package'
import { defineField, defineType } from 'sanity'

const text = (name: string, title: string, description: string, group: 'labels' | 'messages') =>
  defineField({ name, title, type: 'string', description, group, validation: (rule) => rule.required() })

/**
 * A business's request for a free collection of many devices, with every label and message its
 * visitors see. The fewest devices it takes is in Pricing rules ({collectionMinimum}); requests
 * arrive in the staff pages under Collections.
 */
export const collectionRequestSection = defineType({
  name: 'collectionRequestSection',
  title: 'Business collection form',
  type: 'object',
  icon: PackageIcon,
  groups: [
    { name: 'labels', title: 'Labels', default: true },
    { name: 'messages', title: 'Messages' },
  ],
  fields: [
    text('heading', 'Heading', 'The heading above the form.', 'labels'),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 2,
      group: 'labels',
      description: 'A sentence above the form: who it is for and what happens next. {collectionMinimum} may be used.',
      validation: (rule) => rule.required(),
    }),
    text('organisationLabel', 'Organisation label', 'The label of the organisation’s name.', 'labels'),
    text('contactNameLabel', 'Contact name label', 'The label of the name of the person we arrange it with.', 'labels'),
    text('emailLabel', 'E-mail label', 'The label of the e-mail address (the acknowledgement goes there).', 'labels'),
    text('phoneLabel', 'Phone label', 'The label of the phone number (required: the driver calls it).', 'labels'),
    text('addressLabel', 'Address label', 'The label of the collection address (several lines).', 'labels'),
    text('postcodeLabel', 'Postcode label', 'The label of the collection postcode.', 'labels'),
    text('deviceCountLabel', 'Device count label', 'The label of how many devices there are.', 'labels'),
    text(
      'deviceCountHint',
      'Device count hint',
      'Under the device count label, for example "{collectionMinimum} or more".',
      'labels',
    ),
    text('devicesLabel', 'Devices label', 'The label of the list of devices.', 'labels'),
    text(
      'devicesHint',
      'Devices hint',
      'Under the devices label: what to list (makes, models, quantities, condition).',
      'labels',
    ),
    text('preferredDatesLabel', 'Dates label', 'The label of the dates that suit the business.', 'labels'),
    text(
      'preferredDatesHint',
      'Dates hint',
      'Under the dates label, for example "Days and times that suit you".',
      'labels',
    ),
    text(
      'sicCodeLabel',
      'SIC code label',
      'The label of the business’s SIC code (optional: it goes on the waste transfer note).',
      'labels',
    ),
    text('sicCodeHint', 'SIC code hint', 'Under the SIC code label: what it is and where to find it.', 'labels'),
    text('buttonLabel', 'Button label', 'The send button.', 'labels'),
    text(
      'errorSummaryTitle',
      'Error summary heading',
      'Above the list of problems at the top of the form, for example "There is a problem".',
      'messages',
    ),
    text('sendingMessage', 'Sending', 'Shown while the request is being sent.', 'messages'),
    text(
      'successMessage',
      'Sent',
      'Shown once the request is safely received; the acknowledgement e-mail follows (its words are in the E-mails document).',
      'messages',
    ),
    text('organisationMissingMessage', 'Organisation missing', 'Shown when the organisation is empty.', 'messages'),
    text('contactNameMissingMessage', 'Contact name missing', 'Shown when the contact name is empty.', 'messages'),
    text('emailInvalidMessage', 'E-mail invalid', 'Shown when the e-mail address is missing or not valid.', 'messages'),
    text(
      'phoneInvalidMessage',
      'Phone invalid',
      'Shown when the phone number is missing or not a UK number.',
      'messages',
    ),
    text('addressMissingMessage', 'Address missing', 'Shown when the collection address is empty.', 'messages'),
    text(
      'postcodeInvalidMessage',
      'Postcode invalid',
      'Shown when the postcode is missing or not a UK postcode.',
      'messages',
    ),
    text(
      'deviceCountInvalidMessage',
      'Device count not a number',
      'Shown when the device count is missing or not a whole number. {collectionMinimum} may be used.',
      'messages',
    ),
    text(
      'deviceCountTooFewMessage',
      'Too few devices',
      'Shown when fewer devices than {collectionMinimum} are asked for: say what to do instead (our free postage).',
      'messages',
    ),
    text('devicesMissingMessage', 'Devices missing', 'Shown when the list of devices is empty.', 'messages'),
    text('preferredDatesMissingMessage', 'Dates missing', 'Shown when no dates are given.', 'messages'),
    text(
      'sicCodeInvalidMessage',
      'SIC code not valid',
      'Shown when a SIC code is given that is not five digits.',
      'messages',
    ),
    text(
      'tooLongMessage',
      'Too long',
      'Shown when a field is longer than allowed. {max} becomes the limit.',
      'messages',
    ),
    text('plainTextMessage', 'Plain text only', 'Shown when a field holds markup or control characters.', 'messages'),
    text(
      'rateLimitedMessage',
      'Too many attempts',
      'Shown when someone sends too many requests in a short time.',
      'messages',
    ),
    text('errorMessage', 'Could not send', 'Shown when the request could not be saved.', 'messages'),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Business collection form' }),
  },
})
