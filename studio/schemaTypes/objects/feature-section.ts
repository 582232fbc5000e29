import { StarIcon } from '@sanity/icons/Star'
import { defineArrayMember, defineField, defineType } from 'sanity'

/** A short list of selling points, such as free postage and fast payment. */
export const featureSection = defineType({
  name: 'featureSection',
  title: 'Selling points',
  type: 'object',
  icon: StarIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'The heading above the selling points.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'features',
      title: 'Selling points',
      type: 'array',
      description: 'Three to six short points.',
      of: [
        defineArrayMember({
          name: 'feature',
          title: 'Selling point',
          type: 'object',
          fields: [
            defineField({
              name: 'title',
              title: 'Title',
              type: 'string',
              description: 'A few words, for example "Free postage".',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'text',
              title: 'Text',
              type: 'text',
              rows: 2,
              description: 'One sentence that backs the title up.',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Selling points' }),
  },
})
