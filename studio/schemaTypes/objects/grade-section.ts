import { TagIcon } from '@sanity/icons/Tag'
import { defineArrayMember, defineField, defineType } from 'sanity'

export const gradeSection = defineType({
  name: 'gradeSection',
  title: 'Condition grades',
  type: 'object',
  icon: TagIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'The heading above the grades.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      description: 'A sentence or two on how grading works.',
    }),
    defineField({
      name: 'grades',
      title: 'Grades',
      type: 'array',
      description: 'Each grade a device can get, best first.',
      of: [
        defineArrayMember({
          name: 'grade',
          title: 'Grade',
          type: 'object',
          fields: [
            defineField({
              name: 'name',
              title: 'Name',
              type: 'string',
              description: 'The grade’s name, for example "Good".',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'summary',
              title: 'Summary',
              type: 'string',
              description: 'One line that sums the grade up.',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'criteria',
              title: 'What it means',
              type: 'array',
              description: 'The checks a device must meet for this grade, one per line.',
              of: [{ type: 'string' }],
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: { select: { title: 'name', subtitle: 'summary' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Condition grades' }),
  },
})
