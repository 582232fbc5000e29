import { MenuIcon } from '@sanity/icons/Menu'
import { defineArrayMember, defineField, defineType } from 'sanity'

/** A top-level menu entry, optionally with a submenu. */
export const navItem = defineType({
  name: 'navItem',
  title: 'Menu entry',
  type: 'object',
  icon: MenuIcon,
  fields: [
    defineField({
      name: 'link',
      title: 'Link',
      type: 'link',
      description: 'The entry’s label and where it goes.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'children',
      title: 'Submenu',
      type: 'array',
      description: 'Entries that open under this one. Leave empty for a plain link.',
      of: [
        defineArrayMember({
          name: 'navChild',
          title: 'Submenu entry',
          type: 'object',
          fields: [
            defineField({
              name: 'link',
              title: 'Link',
              type: 'link',
              description: 'The entry’s label and where it goes. {productName} in the label becomes the product name.',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'megaMenu',
              title: 'Device menu',
              type: 'string',
              description: 'Opens a panel of makes and models from the device catalogue beside this entry.',
              options: {
                list: [
                  { title: 'None', value: 'none' },
                  { title: 'Phones', value: 'phone' },
                  { title: 'Tablets', value: 'tablet' },
                ],
                layout: 'radio',
                direction: 'horizontal',
              },
              initialValue: 'none',
            }),
          ],
          preview: {
            select: { title: 'link.label', megaMenu: 'megaMenu' },
            prepare: ({ title, megaMenu }) => ({
              title,
              subtitle: megaMenu && megaMenu !== 'none' ? `with ${megaMenu} menu` : undefined,
            }),
          },
        }),
      ],
    }),
    defineField({
      name: 'expandedByDefault',
      title: 'Open at first (phone menu)',
      type: 'boolean',
      description: 'In the phone menu drawer, show this entry’s submenu open when the drawer opens.',
      initialValue: false,
    }),
  ],
  preview: {
    select: { title: 'link.label', children: 'children' },
    prepare: ({ title, children }) => ({
      title,
      subtitle: Array.isArray(children) && children.length ? `${children.length} submenu entries` : undefined,
    }),
  },
})
