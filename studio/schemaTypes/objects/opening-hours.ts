import { defineArrayMember, defineField, defineType } from 'sanity'
import { TIME_24H } from '../../../content-rules/clock'
import { DAYS } from '../../../content-rules/days'
import { requiredString } from '../fields'

const day = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'string',
    description,
    options: { list: [...DAYS] },
    validation: (rule) => rule.required(),
  })

const time = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'string',
    description,
    validation: (rule) => rule.required().regex(TIME_24H, { name: '24-hour time like 09:30' }),
  })

/** When the phone lines are open: runs of days with the same hours, and how a run reads. */
export const openingHours = defineType({
  name: 'openingHours',
  title: 'Opening hours',
  type: 'object',
  fields: [
    requiredString(
      'template',
      'Wording',
      'How each period reads: {opens}, {closes}, {fromDay} and {toDay} are filled in from the periods. The site writes the periods one after another wherever {openingHours} appears.',
    ),
    defineField({
      name: 'periods',
      title: 'Periods',
      type: 'array',
      description: 'Each run of days with the same hours.',
      of: [
        defineArrayMember({
          name: 'openingPeriod',
          title: 'Period',
          type: 'object',
          fields: [
            day('fromDay', 'From', 'The first day of the run.'),
            day('toDay', 'To', 'The last day of the run (the same day for a single day).'),
            time('opens', 'Opens', '24-hour time, for example 10:00.'),
            time('closes', 'Closes', '24-hour time, for example 17:00.'),
          ],
          preview: {
            select: { from: 'fromDay', to: 'toDay', opens: 'opens', closes: 'closes' },
            prepare: ({ from, to, opens, closes }) => ({ title: `${from}–${to}`, subtitle: `${opens}–${closes}` }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
})
