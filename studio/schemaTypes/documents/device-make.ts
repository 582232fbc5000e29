import { TagIcon } from '@sanity/icons/Tag'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** A manufacturer, such as Apple or Samsung. */
export const deviceMake = defineType({
  name: 'deviceMake',
  title: 'Make',
  type: 'document',
  icon: TagIcon,
  fields: [
    requiredString('name', 'Name', 'The maker’s name as visitors know it, for example "Samsung".'),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      description: 'The short name used in addresses. Generate it from the name.',
      options: { source: 'name' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      description: 'Lower numbers are listed first in menus and lists.',
      initialValue: 10,
      validation: (rule) => rule.required().integer().min(0),
    }),
  ],
  orderings: [{ title: 'Menu order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'name', subtitle: 'slug.current' } },
})
