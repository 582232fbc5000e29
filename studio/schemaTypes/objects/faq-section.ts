import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

export const faqSection = defineType({
  name: 'faqSection',
  title: 'Questions and answers',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    requiredString('heading', 'Heading', 'The heading of this group of questions, for example "Payment".'),
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
            requiredString('question', 'Question', 'Written as the visitor would ask it.'),
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
    defineField({
      name: 'describeForSearch',
      title: 'Describe these questions for search engines',
      type: 'boolean',
      description:
        'Adds them to the page’s FAQ structured data. Turn it off where they sum up questions answered on another page, such as a few top questions on the home page: search engines want each question described on one page of a site.',
      initialValue: true,
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
