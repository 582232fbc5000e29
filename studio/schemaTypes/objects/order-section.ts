import { PackageIcon } from '@sanity/icons/Package'
import { defineField, defineType } from 'sanity'
import { optionalString } from '../fields'

const KINDS = [
  { title: 'Checkout form', value: 'checkout' },
  { title: 'Order placed: number, postage label and packing slip', value: 'confirmation' },
  { title: 'Tracker form', value: 'tracker' },
  { title: 'One order’s details', value: 'details' },
  { title: 'Proof of identity: the seller’s upload', value: 'identity' },
  { title: 'What each status means', value: 'statuses' },
]

/**
 * Where an order page's own part goes among its sections. Its words are in the Orders document;
 * the statuses list is the same on every page that shows it.
 */
export const orderSection = defineType({
  name: 'orderSection',
  title: 'Order panel',
  type: 'object',
  icon: PackageIcon,
  fields: [
    optionalString(
      'heading',
      'Heading',
      'Optional: above the panel. The statuses list ignores it and shows the heading in the Orders document.',
    ),
    defineField({
      name: 'kind',
      title: 'Panel',
      type: 'string',
      description:
        'What the panel shows. Checkout, order placed, tracker, details and proof of identity belong on their own pages (/complete-order, /order-successful, /order-tracker, /order-tracker-details, /proof-of-identity); the statuses list can go on any page.',
      options: { list: KINDS },
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: 'heading', kind: 'kind' },
    prepare: ({ title, kind }) => {
      const panel = KINDS.find((option) => option.value === kind)?.title ?? 'Order panel'
      return { title: title || panel, subtitle: 'Order panel' }
    },
  },
})
