import { TagIcon } from '@sanity/icons/Tag'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** A condition grade (Excellent, Good, …): named once here, priced per model, explained on Device criteria. */
export const conditionGrade = defineType({
  name: 'conditionGrade',
  title: 'Condition grade',
  type: 'document',
  icon: TagIcon,
  fields: [
    requiredString('name', 'Name', 'What sellers see, for example "Good". Renaming it renames it everywhere.'),
    defineField({
      name: 'key',
      title: 'Key',
      type: 'slug',
      description:
        'A short fixed name used in price spreadsheets and saved baskets. Set it once; changing it later empties baskets that hold this grade.',
      options: { source: 'name' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'rank',
      title: 'Rank',
      type: 'number',
      description: '1 for the best grade, 2 for the next, and so on. Lists and price tables follow this order.',
      validation: (rule) => rule.required().integer().min(1).max(20),
    }),
    requiredString('summary', 'Summary', 'One line that sums the grade up, shown beside the price.'),
    defineField({
      name: 'criteria',
      title: 'What qualifies',
      type: 'array',
      description: 'The checks a device must meet for this grade, one per line.',
      of: [{ type: 'string' }],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  orderings: [{ title: 'Rank', name: 'rankAsc', by: [{ field: 'rank', direction: 'asc' }] }],
  preview: {
    select: { title: 'name', rank: 'rank', summary: 'summary' },
    prepare: ({ title, rank, summary }) => ({ title: `${rank}. ${title}`, subtitle: summary }),
  },
})
