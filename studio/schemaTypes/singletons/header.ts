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
        text('badge', 'Price badge', 'The badge on every result, for example "up to £50".'),
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
      description: 'The side panel opened from the cart icon. It holds sample content until ordering is built.',
      fields: [
        text('buttonLabel', 'Cart button', 'Names the cart icon for screen readers, for example "Open your basket".'),
        defineField({
          name: 'badgeCount',
          title: 'Badge number',
          type: 'number',
          description: 'The number on the cart icon.',
          validation: (rule) => rule.required().integer().min(0),
        }),
        text('title', 'Panel title', 'The heading of the panel. {count} becomes the title count.'),
        defineField({
          name: 'titleCount',
          title: 'Title count',
          type: 'number',
          description: 'The number in the panel title.',
          validation: (rule) => rule.required().integer().min(0),
        }),
        text('closeLabel', 'Close button', 'Names the panel’s close button.'),
        text('productName', 'Sample product', 'The sample device in the panel.'),
        defineField({
          name: 'price',
          title: 'Sample price (£)',
          type: 'number',
          description: 'The sample offer in pounds.',
          validation: (rule) => rule.required().min(0),
        }),
        text('payLabel', 'Price label', 'Before the price, for example "We’ll pay you upto".'),
        text('conditionLabel', 'Condition label', 'Before the condition, for example "Condition".'),
        text('condition', 'Sample condition', 'The sample device’s condition, for example "Good".'),
        text('quantityLabel', 'Quantity label', 'Names the quantity for screen readers.'),
        defineField({
          name: 'quantity',
          title: 'Starting quantity',
          type: 'number',
          description: 'The quantity the panel starts with.',
          validation: (rule) => rule.required().integer().min(0),
        }),
        text('increaseLabel', 'Add one', 'Names the plus button.'),
        text('decreaseLabel', 'Remove one', 'Names the minus button.'),
        defineField({
          name: 'cartLink',
          title: 'Cart page link',
          type: 'link',
          description: 'The button to the full cart page.',
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
