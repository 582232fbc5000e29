import { defineArrayMember, defineField } from 'sanity'
import { ORDER_STATUSES as ORDER_STATUS_KEYS } from '../../../../content-rules/order-statuses'
import { requiredString, requiredText } from '../../fields'

const everyKeyOnce = (statuses: Array<{ key?: string }> | undefined) => {
  const keys = (statuses ?? []).map((status) => status.key)
  const missing = ORDER_STATUS_KEYS.filter((key) => !keys.includes(key))
  const repeated = ORDER_STATUS_KEYS.filter((key) => keys.indexOf(key) !== keys.lastIndexOf(key))
  if (missing.length) return `Add the missing stages: ${missing.join(', ')}.`
  if (repeated.length) return `Each stage appears once: ${repeated.join(', ')} appears more than once.`
  return true
}

/** The "Statuses" tab: what sellers read for each stage, on the tracker, the order page and /profile. */
export const statusFields = [
  defineField({
    name: 'statusesHeading',
    title: 'Heading',
    type: 'string',
    group: 'statuses',
    description: 'Above the list of statuses, for example "What each status means".',
    validation: (rule) => rule.required(),
  }),
  defineField({
    name: 'statuses',
    title: 'Statuses',
    type: 'array',
    group: 'statuses',
    description: 'One entry for each stage of an order, each stage exactly once. The key is fixed by the site.',
    of: [
      defineArrayMember({
        type: 'object',
        name: 'orderStatus',
        title: 'Status',
        fields: [
          defineField({
            name: 'key',
            title: 'Key',
            type: 'string',
            description: 'The stage this entry describes. The site decides when an order reaches it.',
            options: { list: [...ORDER_STATUS_KEYS] },
            validation: (rule) => rule.required(),
          }),
          requiredString('name', 'Name', 'What sellers read, for example "Device received".'),
          requiredText(
            'explanation',
            'Explanation',
            'A sentence or two: what has happened and what the seller needs to do, if anything. The day counts are site facts: {holdDays} (days a price is held), {offerDays} (days to answer a revised offer), {quarantineDays} (days a flagged device is held).',
          ),
        ],
        preview: { select: { title: 'name', subtitle: 'key' } },
      }),
    ],
    validation: (rule) => rule.required().custom(everyKeyOnce),
  }),
]
