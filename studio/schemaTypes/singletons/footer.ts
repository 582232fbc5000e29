import { BlockElementIcon } from '@sanity/icons/BlockElement'
import { defineArrayMember, defineField, defineType } from 'sanity'

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
            defineField({
              name: 'heading',
              title: 'Heading',
              type: 'string',
              description: 'The column’s heading, for example "Company".',
              validation: (rule) => rule.required(),
            }),
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
    defineField({
      name: 'contactHeading',
      title: 'Contact heading',
      type: 'string',
      description: 'Above the phone number and e-mail address.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'phoneLabel',
      title: 'Phone label',
      type: 'string',
      description: 'Before the phone number, for example "Call us".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'emailLabel',
      title: 'E-mail label',
      type: 'string',
      description: 'Before the e-mail address, for example "E-mail us".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'hoursHeading',
      title: 'Opening hours heading',
      type: 'string',
      description: 'Above the opening hours.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'socialHeading',
      title: 'Social links heading',
      type: 'string',
      description: 'Above the social icons, for example "Follow us".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'paymentHeading',
      title: 'Payment heading',
      type: 'string',
      description: 'Beside the payment logos, for example "We pay by".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'footerLabel',
      title: 'Footer links label',
      type: 'string',
      description: 'Names the footer navigation for screen readers, for example "Footer".',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Footer' }) },
})
