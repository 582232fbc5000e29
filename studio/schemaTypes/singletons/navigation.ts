import { MenuIcon } from '@sanity/icons/Menu'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

export const navigation = defineType({
  name: 'navigation',
  title: 'Navigation',
  type: 'document',
  icon: MenuIcon,
  groups: [
    { name: 'desktop', title: 'Desktop menu', default: true },
    { name: 'mobile', title: 'Phone menu' },
    { name: 'labels', title: 'Screen-reader labels' },
  ],
  fields: [
    defineField({
      name: 'desktopMenu',
      title: 'Desktop menu',
      type: 'array',
      group: 'desktop',
      description: 'The entries across the header on wide screens, left to right.',
      of: [{ type: 'navItem' }],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'accountLink',
      title: 'Account button',
      type: 'link',
      group: 'desktop',
      description: 'The button at the right of the header, and the last entry of the phone menu.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'promo',
      title: 'Device menu promotion',
      type: 'object',
      group: 'desktop',
      description: 'The box beside the makes and models in the phone and tablet menus.',
      fields: [
        requiredString(
          'heading',
          'Claim',
          'A short claim, for example "Paid in cash, not credit". A claim that compares our prices with another business’s needs that comparison shown with it.',
        ),
        defineField({
          name: 'text',
          title: 'Text',
          type: 'text',
          rows: 2,
          description: 'A sentence that backs the claim up.',
        }),
        defineField({
          name: 'cta',
          title: 'Button',
          type: 'link',
          description: 'The button, for example "Start now".',
          validation: (rule) => rule.required(),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'mobileMenu',
      title: 'Phone menu',
      type: 'array',
      group: 'mobile',
      description: 'The entries of the menu drawer on small screens, top to bottom.',
      of: [{ type: 'navItem' }],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'labels',
      title: 'Labels',
      type: 'object',
      group: 'labels',
      description: 'Words read by screen readers for the menu controls.',
      fields: [
        requiredString('mainMenu', 'Main menu', 'Names the header navigation, for example "Main".'),
        requiredString('openMenu', 'Open the phone menu', 'The menu button’s name.'),
        requiredString('closeMenu', 'Close the phone menu', 'The drawer’s close button.'),
        requiredString(
          'showSubmenu',
          'Show a submenu',
          'Names the button that opens a submenu. {label} becomes the entry’s label, for example "Show {label} menu".',
        ),
        requiredString(
          'allModels',
          'All models of a make',
          'The link under each make in the device menus. {make} becomes the make.',
        ),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Navigation' }) },
})
