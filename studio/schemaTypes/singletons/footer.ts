import { BlockElementIcon } from '@sanity/icons/BlockElement'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

export const footer = defineType({
  name: 'footer',
  title: 'Footer',
  type: 'document',
  icon: BlockElementIcon,
  fields: [
    defineField({
      name: 'linkGroups',
      title: 'Link groups',
      type: 'array',
      description: 'The columns of links, left to right.',
      of: [
        defineArrayMember({
          name: 'linkGroup',
          title: 'Link group',
          type: 'object',
          fields: [
            requiredString('heading', 'Heading', 'The column’s heading, for example "Company".'),
            defineField({
              name: 'links',
              title: 'Links',
              type: 'array',
              description: 'The column’s entries. A "Plain text" entry shows its label without a link.',
              of: [{ type: 'link' }],
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: { select: { title: 'heading' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    requiredString('contactHeading', 'Contact heading', 'Above the phone number and e-mail address.'),
    requiredString('phoneLabel', 'Phone label', 'Before the phone number, for example "Call us".'),
    requiredString('emailLabel', 'E-mail label', 'Before the e-mail address, for example "E-mail us".'),
    requiredString('hoursHeading', 'Opening hours heading', 'Above the opening hours.'),
    requiredString('socialHeading', 'Social links heading', 'Above the social icons, for example "Follow us".'),
    requiredString('paymentHeading', 'Payment heading', 'Beside the payment logos, for example "We pay by".'),
    requiredString(
      'footerLabel',
      'Footer links label',
      'Names the footer navigation for screen readers, for example "Footer".',
    ),
  ],
  preview: { prepare: () => ({ title: 'Footer' }) },
})
