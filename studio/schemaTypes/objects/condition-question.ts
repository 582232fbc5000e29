import { HelpCircleIcon } from '@sanity/icons/HelpCircle'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

const KEY_PATTERN = /^[a-z][a-z0-9-]*$/

const keyField = (description: string) =>
  defineField({
    name: 'key',
    title: 'Key',
    type: 'string',
    description: `${description} Lower-case letters, digits and hyphens. Set it once: saved baskets refer to it.`,
    validation: (rule) =>
      rule
        .required()
        .custom((value) => (value && KEY_PATTERN.test(value) ? true : 'Use lower-case letters, digits and hyphens.')),
  })

type Answer = { effect?: string; grade?: unknown; refusal?: string }

/** One question a seller answers about their device, and how each answer moves the grade. */
export const conditionQuestion = defineType({
  name: 'conditionQuestion',
  title: 'Condition question',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    keyField('A short fixed name for the question, for example "screen".'),
    requiredString('question', 'Question', 'As the seller reads it, for example "Is the screen or back cracked?".'),
    defineField({
      name: 'help',
      title: 'Help text',
      type: 'text',
      rows: 2,
      description: 'Optional: what to look for, shown under the question.',
    }),
    defineField({
      name: 'answers',
      title: 'Answers',
      type: 'array',
      description:
        'The choices, in the order shown. Each answer either changes nothing, caps the grade ("no better than Fair"), or means the device cannot be bought.',
      of: [
        defineArrayMember({
          name: 'conditionAnswer',
          title: 'Answer',
          type: 'object',
          fields: [
            keyField('A short fixed name for the answer, for example "yes".'),
            requiredString('label', 'Label', 'As the seller reads it, for example "Yes, it works fully".'),
            defineField({
              name: 'effect',
              title: 'What it does to the price',
              type: 'string',
              description: 'The grade is the best one that no answer rules out.',
              options: {
                list: [
                  { title: 'Nothing', value: 'none' },
                  { title: 'Caps the grade', value: 'cap' },
                  { title: 'We cannot buy the device', value: 'refuse' },
                ],
                layout: 'radio',
              },
              initialValue: 'none',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'grade',
              title: 'No better than',
              type: 'reference',
              to: [{ type: 'conditionGrade' }],
              description: 'For "Caps the grade": the best grade a device with this answer can get.',
              hidden: ({ parent }) => (parent as Answer | undefined)?.effect !== 'cap',
              validation: (rule) =>
                rule.custom((value, context) =>
                  (context.parent as Answer | undefined)?.effect === 'cap' && !value
                    ? 'Choose the grade it caps at.'
                    : true,
                ),
            }),
            defineField({
              name: 'refusal',
              title: 'Why we cannot buy it',
              type: 'text',
              rows: 3,
              description: 'For "We cannot buy the device": what the seller is told, and what they can do about it.',
              hidden: ({ parent }) => (parent as Answer | undefined)?.effect !== 'refuse',
              validation: (rule) =>
                rule.custom((value, context) =>
                  (context.parent as Answer | undefined)?.effect === 'refuse' && !value
                    ? 'Say why, and what to do.'
                    : true,
                ),
            }),
          ],
          preview: {
            select: { title: 'label', effect: 'effect', grade: 'grade.name' },
            prepare: ({ title, effect, grade }) => ({
              title,
              subtitle:
                effect === 'cap' ? `No better than ${grade ?? '?'}` : effect === 'refuse' ? 'Cannot buy' : 'No change',
            }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(2),
    }),
  ],
  preview: { select: { title: 'question', subtitle: 'key' } },
})
