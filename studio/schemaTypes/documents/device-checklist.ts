import { ClipboardIcon } from '@sanity/icons/Clipboard'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** The checklist staff answer for each device at the check, one per kind of device (phones, tablets). */

const KEY_PATTERN = /^[a-z][a-z0-9-]*$/
const keyField = (description: string) =>
  defineField({
    name: 'key',
    title: 'Key',
    type: 'string',
    description: `${description} Lower-case letters, digits and hyphens. Set it once: checked orders record it.`,
    validation: (rule) =>
      rule
        .required()
        .custom((value) => (value && KEY_PATTERN.test(value) ? true : 'Use lower-case letters, digits and hyphens.')),
  })

type Answer = { effect?: string }
const effectIs = (effect: string) => (context: { parent?: unknown }) =>
  (context.parent as Answer | undefined)?.effect === effect
const neededFor = (effect: string, message: string) => (value: unknown, context: { parent?: unknown }) =>
  effectIs(effect)(context) && (value === undefined || value === null || value === '') ? message : true

export const deviceChecklist = defineType({
  name: 'deviceChecklist',
  title: 'Device checklist',
  type: 'document',
  icon: ClipboardIcon,
  fields: [
    defineField({
      name: 'category',
      title: 'Kind of device',
      type: 'string',
      description: 'The models whose category this is are checked with this list. One checklist per kind.',
      options: {
        list: [
          { title: 'Phone', value: 'phone' },
          { title: 'Tablet', value: 'tablet' },
        ],
        layout: 'radio',
        direction: 'horizontal',
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'questions',
      title: 'Questions',
      type: 'array',
      description:
        'Asked of every device of this kind at the check, in this order. The grade found is the lowest any answer allows; the price is the published price for that grade.',
      of: [
        defineArrayMember({
          name: 'checkQuestion',
          title: 'Question',
          type: 'object',
          fields: [
            keyField('A short fixed name for the question, for example "screen".'),
            requiredString('question', 'Question', 'As staff read it, for example "Screen".'),
            defineField({
              name: 'help',
              title: 'Help',
              type: 'text',
              rows: 2,
              description: 'Optional: what to look for, shown under the question.',
            }),
            defineField({
              name: 'answers',
              title: 'Answers',
              type: 'array',
              description: 'The choices, best first. Each changes nothing, caps the grade, lowers the price or stops.',
              of: [
                defineArrayMember({
                  name: 'checkAnswer',
                  title: 'Answer',
                  type: 'object',
                  fields: [
                    keyField('A short fixed name for the answer, for example "cracked".'),
                    requiredString('label', 'Label', 'As staff read it, for example "Cracked".'),
                    defineField({
                      name: 'effect',
                      title: 'What it does',
                      type: 'string',
                      description:
                        'Nothing; caps the grade ("at most Fair"); takes a share off the published price (a network lock, a Wi-Fi-only tablet); asks staff for the price with a reason; or stops the check.',
                      options: {
                        list: [
                          { title: 'Nothing', value: 'none' },
                          { title: 'At most a grade', value: 'cap' },
                          { title: 'Less a percentage', value: 'deduct' },
                          { title: 'Staff set the price, with a reason', value: 'priceByHand' },
                          { title: 'Stop', value: 'stop' },
                        ],
                        layout: 'radio',
                      },
                      initialValue: 'none',
                      validation: (rule) => rule.required(),
                    }),
                    defineField({
                      name: 'grade',
                      title: 'At most',
                      type: 'reference',
                      to: [{ type: 'conditionGrade' }],
                      description: 'For "At most a grade": the best grade a device with this answer can be.',
                      hidden: ({ parent }) => (parent as Answer | undefined)?.effect !== 'cap',
                      validation: (rule) => rule.custom(neededFor('cap', 'Choose the grade it caps at.')),
                    }),
                    defineField({
                      name: 'percent',
                      title: 'Percentage off',
                      type: 'number',
                      description:
                        'For "Less a percentage": how much less than the published price for the grade found, 1 to 100.',
                      hidden: ({ parent }) => (parent as Answer | undefined)?.effect !== 'deduct',
                      validation: (rule) =>
                        rule.integer().min(1).max(100).custom(neededFor('deduct', 'Give the percentage.')),
                    }),
                    defineField({
                      name: 'stopKind',
                      title: 'Kind of stop',
                      type: 'string',
                      description:
                        'For "Stop": an activation lock holds the order for the lock; refuse means the device is not bought and goes back (reported stolen, not the device ordered); other stops the check until staff decide.',
                      options: {
                        list: [
                          { title: 'Activation lock', value: 'activationLock' },
                          { title: 'Refuse the device', value: 'refuse' },
                          { title: 'Other', value: 'other' },
                        ],
                        layout: 'radio',
                      },
                      hidden: ({ parent }) => (parent as Answer | undefined)?.effect !== 'stop',
                      validation: (rule) => rule.custom(neededFor('stop', 'Choose the kind of stop.')),
                    }),
                    defineField({
                      name: 'stopWords',
                      title: 'What staff are told',
                      type: 'text',
                      rows: 2,
                      description:
                        'For "Stop": what staff read when they choose this answer; for a refused device, also the reason the seller reads.',
                      hidden: ({ parent }) => (parent as Answer | undefined)?.effect !== 'stop',
                      validation: (rule) => rule.custom(neededFor('stop', 'Say what happens.')),
                    }),
                  ],
                  preview: {
                    select: { title: 'label', effect: 'effect', grade: 'grade.name', percent: 'percent' },
                    prepare: ({ title, effect, grade, percent }) => ({
                      title,
                      subtitle:
                        effect === 'cap'
                          ? `At most ${grade ?? '?'}`
                          : effect === 'deduct'
                            ? `${percent ?? '?'}% less`
                            : effect === 'priceByHand'
                              ? 'Price by hand'
                              : effect === 'stop'
                                ? 'Stop'
                                : 'No change',
                    }),
                  },
                }),
              ],
              validation: (rule) =>
                rule
                  .required()
                  .min(2)
                  .custom((answers?: Array<{ key?: string }>) => {
                    const keys = (answers ?? []).map((answer) => answer.key)
                    return new Set(keys).size === keys.length ? true : 'Each answer needs its own key.'
                  }),
            }),
          ],
          preview: { select: { title: 'question', subtitle: 'key' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((questions?: Array<{ key?: string }>) => {
            const keys = (questions ?? []).map((question) => question.key)
            return new Set(keys).size === keys.length ? true : 'Each question needs its own key.'
          }),
    }),
  ],
  preview: {
    select: { category: 'category', questions: 'questions' },
    prepare: ({ category, questions }) => ({
      title: category === 'tablet' ? 'Tablets' : category === 'phone' ? 'Phones' : 'Checklist',
      subtitle: `${Array.isArray(questions) ? questions.length : 0} questions`,
    }),
  },
})
