import { MobileDeviceIcon } from '@sanity/icons/MobileDevice'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** A model the service buys, such as iPhone 15 or Galaxy Tab S9. */
export const deviceModel = defineType({
  name: 'deviceModel',
  title: 'Model',
  type: 'document',
  icon: MobileDeviceIcon,
  fields: [
    requiredString('name', 'Name', 'The model’s name without the make, for example "iPhone 15 Pro".'),
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
      name: 'image',
      title: 'Photo',
      type: 'imageWithAlt',
      description: 'A picture of the model, shown on its page beside the price checker. Optional.',
    }),
    requiredString('family', 'Range', 'The product range, for example "iPhone", "Galaxy S" or "iPad Pro".'),
    defineField({
      name: 'variants',
      title: 'Storage sizes and prices',
      type: 'array',
      description:
        'One row per storage size, smallest first, each with a price for every condition grade. The "Up to" price shown across the site is the highest price here.',
      of: [defineArrayMember({ type: 'storageVariant' })],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((variants?: Array<{ storageGb?: number }>) => {
            const sizes = (variants ?? []).map((variant) => variant.storageGb)
            return new Set(sizes).size === sizes.length ? true : 'Each storage size may appear only once.'
          }),
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
    select: { title: 'name', make: 'make.name', category: 'category', media: 'image' },
    prepare: ({ title, make, category, media }) => ({
      title,
      subtitle: [make, category].filter(Boolean).join(' · '),
      media,
    }),
  },
})
