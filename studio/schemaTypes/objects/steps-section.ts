import { OlistIcon } from '@sanity/icons/Olist'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString, requiredText } from '../fields'

export const stepsSection = defineType({
  name: 'stepsSection',
  title: 'Steps',
  type: 'object',
  icon: OlistIcon,
  fields: [
    requiredString('heading', 'Heading', 'The heading above the steps, for example "How it works".'),
    defineField({
      name: 'steps',
      title: 'Steps',
      type: 'array',
      description: 'The steps in order; they are numbered on the page.',
      of: [
        defineArrayMember({
          name: 'step',
          title: 'Step',
          type: 'object',
          fields: [
            requiredString('title', 'Title', 'A few words naming the step.'),
            requiredText('text', 'Text', 'What the visitor does, or what happens, at this step.'),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Steps' }),
  },
})
