import { SearchIcon } from '@sanity/icons/Search'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** The sample items the header search looks through. Placeholder data, not the price list. */
export const shopItem = defineType({
  name: 'shopItem',
  title: 'Search item',
  type: 'document',
  icon: SearchIcon,
  fields: [
    defineField({
      name: 'itemId',
      title: 'Item number',
      type: 'number',
      description: 'A unique number for this item.',
      validation: (rule) => rule.required().integer().min(1),
    }),
    requiredString('title', 'Title', 'What the search matches and shows, for example "Apple iPhone 13 128GB".'),
    requiredString('brand', 'Brand', 'The maker. The search list shows its first five letters.'),
    defineField({
      name: 'thumbnail',
      title: 'Thumbnail',
      type: 'imageWithAlt',
      description: 'A small picture shown beside the result.',
      validation: (rule) => rule.required(),
    }),
  ],
  orderings: [{ title: 'Item number', name: 'itemIdAsc', by: [{ field: 'itemId', direction: 'asc' }] }],
  preview: { select: { title: 'title', subtitle: 'brand', media: 'thumbnail' } },
})
