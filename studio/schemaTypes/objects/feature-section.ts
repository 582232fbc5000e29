import { StarIcon } from '@sanity/icons/Star'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString, requiredText } from '../fields'

/** A short list of selling points, such as free postage and fast payment. */
export const featureSection = defineType({
  name: 'featureSection',
  title: 'Selling points',
  type: 'object',
  icon: StarIcon,
  fields: [
    requiredString('heading', 'Heading', 'The heading above the selling points.'),
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
            requiredString('title', 'Title', 'A few words, for example "Free postage".'),
            requiredText('text', 'Text', 'One sentence that backs the title up.'),
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
