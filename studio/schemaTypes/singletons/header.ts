import { ControlsIcon } from '@sanity/icons/Controls'
import { defineField, defineType } from 'sanity'

const text = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'string', description, validation: (rule) => rule.required() })

export const header = defineType({
  name: 'header',
  title: 'Header extras',
  type: 'document',
  icon: ControlsIcon,
  groups: [
    { name: 'search', title: 'Search', default: true },
    { name: 'cart', title: 'Cart panel' },
    { name: 'page', title: 'Page controls' },
  ],
  fields: [
    defineField({
      name: 'search',
      title: 'Device search',
      type: 'object',
      group: 'search',
      description: 'The search box in the header.',
      fields: [
        text('label', 'Label', 'Names the search box for screen readers, for example "Search for your device".'),
        text('placeholder', 'Hint', 'Greyed text inside the empty box.'),
        text(
          'badge',
          'Price badge',
          'The badge on each result. {price} becomes the model’s top price, for example "Up to {price}".',
        ),
        text('loading', 'Loading', 'Shown while the list of devices loads, on first use.'),
        text('loadError', 'Could not load', 'Shown when the list of devices cannot be loaded. Suggest another way.'),
        text('noResults', 'No results', 'Shown when nothing matches. {query} becomes what the visitor typed.'),
        text(
          'resultsCount',
          'Results count',
          'Read out by screen readers as results change. {count} becomes the number.',
        ),
        text('openLabel', 'Open search (phones)', 'The search button on small screens.'),
        text('closeLabel', 'Close search (phones)', 'The button that closes the search on small screens.'),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'cart',
      title: 'Cart panel',
      type: 'object',
      group: 'cart',
      description: 'The side panel opened from the cart icon. The devices in it come from the visitor’s basket.',
      fields: [
        text(
          'buttonLabel',
          'Cart button',
          'Names the cart icon for screen readers. {count} becomes the number of devices, for example "Open your basket ({count})".',
        ),
        text('title', 'Panel title', 'The heading of the panel. {count} becomes the number of devices.'),
        text('closeLabel', 'Close button', 'Names the panel’s close button.'),
        defineField({
          name: 'cartLink',
          title: 'Cart page link',
          type: 'link',
          description: 'The button to the full basket page.',
          validation: (rule) => rule.required(),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'controls',
      title: 'Page controls',
      type: 'object',
      group: 'page',
      description: 'Words for controls on every page.',
      fields: [
        text('skipLink', 'Skip link', 'The first link for keyboard users, for example "Skip to main content".'),
        text('scrollToTop', 'Back to top', 'Names the button that scrolls back to the top.'),
        text('breadcrumbLabel', 'Breadcrumb label', 'Names the breadcrumb trail for screen readers.'),
        text('homeLabel', 'Home link', 'Names the logo link to the home page, for example "Home page".'),
        text('loadingLabel', 'Loading', 'Read out while a page loads.'),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Header extras' }) },
})
