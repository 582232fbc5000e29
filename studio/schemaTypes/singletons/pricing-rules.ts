import { CogIcon } from '@sanity/icons/Cog'
import { defineArrayMember, defineField, defineType } from 'sanity'

/** How prices are held and how a seller's answers decide the grade they are paid for. */
export const pricingRules = defineType({
  name: 'pricingRules',
  title: 'Pricing rules',
  type: 'document',
  icon: CogIcon,
  fields: [
    defineField({
      name: 'priceHoldDays',
      title: 'Days a price is held',
      type: 'number',
      description: 'How long the price in an order is guaranteed once the order is placed.',
      validation: (rule) => rule.required().integer().min(1).max(60),
    }),
    defineField({
      name: 'basketLimit',
      title: 'Most devices in one basket',
      type: 'number',
      description:
        'The most devices one order may hold. Larger lots go through business recycling, where a person checks them.',
      validation: (rule) => rule.required().integer().min(1).max(50),
    }),
    defineField({
      name: 'collectionMinimum',
      title: 'Fewest devices for a business collection',
      type: 'number',
      description:
        'A business may ask for a free collection from its premises for this many devices or more (the business recycling page’s form refuses fewer). Elsewhere, write {collectionMinimum}.',
      validation: (rule) => rule.required().integer().min(2).max(1000),
    }),
    defineField({
      name: 'questions',
      title: 'Condition questions',
      type: 'array',
      description: 'Asked on every model page, in this order. A device starts at the best grade; answers can cap it.',
      of: [defineArrayMember({ type: 'conditionQuestion' })],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((questions?: Array<{ key?: string }>) => {
            const keys = (questions ?? []).map((q) => q.key)
            return new Set(keys).size === keys.length ? true : 'Each question needs its own key.'
          }),
    }),
  ],
  preview: { prepare: () => ({ title: 'Pricing rules' }) },
})
