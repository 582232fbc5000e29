import { MobileDeviceIcon } from '@sanity/icons/MobileDevice'
import { defineField, defineType } from 'sanity'

/** A model the service buys, such as iPhone 15 or Galaxy Tab S9. */
export const deviceModel = defineType({
  name: 'deviceModel',
  title: 'Model',
  type: 'document',
  icon: MobileDeviceIcon,
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      description: 'The model’s name without the make, for example "iPhone 15 Pro".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      description: 'The short name used in addresses. Generate it from the name; it must be unique.',
      options: { source: 'name' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'make',
      title: 'Make',
      type: 'reference',
      to: [{ type: 'deviceMake' }],
      description: 'Who makes it.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'category',
      title: 'Category',
      type: 'string',
      description: 'Phones show in the phone menu and page, tablets in the tablet ones.',
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
      name: 'family',
      title: 'Range',
      type: 'string',
      description: 'The product range, for example "iPhone", "Galaxy S" or "iPad Pro".',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'topPrice',
      title: 'Top price (£)',
      type: 'number',
      description: 'The most paid for this model in perfect condition, in whole pounds. Shown as "up to".',
      validation: (rule) => rule.required().integer().min(0).max(5000),
    }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      description: 'Lower numbers are listed first within the make. Newest models usually come first.',
      initialValue: 10,
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
  orderings: [{ title: 'Menu order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'name', make: 'make.name', category: 'category' },
    prepare: ({ title, make, category }) => ({ title, subtitle: [make, category].filter(Boolean).join(' · ') }),
  },
})
