import { TagIcon } from '@sanity/icons/Tag'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** The condition grades, best first, as the Condition grade documents describe them. */
export const gradeSection = defineType({
  name: 'gradeSection',
  title: 'Condition grades',
  type: 'object',
  icon: TagIcon,
  fields: [
    requiredString('heading', 'Heading', 'The heading above the grades.'),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      description: 'A sentence or two on how grading works.',
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Condition grades' }),
  },
})
