import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import { defineArrayMember, defineField, defineType } from 'sanity'

export const faqSection = defineType({
  name: 'faqSection',
  title: 'Questions and answers',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'The heading of this group of questions, for example "Payment".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'entries',
      title: 'Questions',
      type: 'array',
      description: 'Each question with its answer, in the order visitors see them.',
      of: [
        defineArrayMember({
          name: 'faqEntry',
          title: 'Question',
          type: 'object',
          fields: [
            defineField({
              name: 'question',
              title: 'Question',
              type: 'string',
              description: 'Written as the visitor would ask it.',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'answer',
              title: 'Answer',
              type: 'blockContent',
              description: 'A short, direct answer. Link to the page that says more.',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'question' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { title: 'heading', entries: 'entries' },
    prepare: ({ title, entries }) => ({
      title,
      subtitle: `${Array.isArray(entries) ? entries.length : 0} questions`,
    }),
  },
})
