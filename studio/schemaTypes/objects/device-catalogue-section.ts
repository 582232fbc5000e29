import { MobileDeviceIcon } from '@sanity/icons/MobileDevice'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

/** Lists makes and their models from the device catalogue. */
export const deviceCatalogueSection = defineType({
  name: 'deviceCatalogueSection',
  title: 'Device list',
  type: 'object',
  icon: MobileDeviceIcon,
  fields: [
    requiredString('heading', 'Heading', 'The heading above the list, for example "Choose your phone".'),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 2,
      description: 'A sentence under the heading.',
    }),
    defineField({
      name: 'category',
      title: 'Devices shown',
      type: 'string',
      description: 'Which models the list shows. The list itself comes from the device catalogue.',
      options: {
        list: [
          { title: 'Phones', value: 'phone' },
          { title: 'Tablets', value: 'tablet' },
          { title: 'Phones and tablets', value: 'all' },
        ],
        layout: 'radio',
      },
      initialValue: 'phone',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'models',
      title: 'Models shown',
      type: 'array',
      description:
        'For a short list, such as popular models: pick the models it shows. Leave it empty to show every model of the kind chosen above (the full list belongs on the "Sell my phone" and "Sell my tablet" pages).',
      of: [
        defineArrayMember({
          type: 'reference',
          to: [{ type: 'deviceModel' }],
          options: {
            // Only models of the kind the list shows.
            filter: ({ document, parentPath }) => {
              // parentPath is [..., 'sections', { _key }, 'models']: the section is the key's.
              const key = (parentPath.at(-2) as { _key?: string } | undefined)?._key
              const sections = (document.sections ?? []) as Array<{ _key?: string; category?: string }>
              const category = sections.find((section) => section._key === key)?.category
              return category && category !== 'all' ? { filter: 'category == $category', params: { category } } : {}
            },
          },
        }),
      ],
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'priceTemplate',
      title: 'Price line',
      type: 'string',
      description:
        'Shown beside each model with a top price. {price} is replaced by the price, for example "Up to {price}".',
      validation: (rule) =>
        rule
          .required()
          .custom((value) => (value?.includes('{price}') ? true : 'Include {price} where the price goes.')),
    }),
  ],
  preview: {
    select: { title: 'heading', category: 'category' },
    prepare: ({ title, category }) => ({ title, subtitle: `Device list: ${category}` }),
  },
})
