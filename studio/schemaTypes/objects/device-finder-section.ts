import { SearchIcon } from '@sanity/icons/Search'
import { defineField, defineType } from 'sanity'
import { requiredString, templateString } from '../fields'

/** Find a device to price: a search box over the catalogue, and every make with its models. */
export const deviceFinderSection = defineType({
  name: 'deviceFinderSection',
  title: 'Device finder',
  type: 'object',
  icon: SearchIcon,
  fields: [
    requiredString('heading', 'Heading', 'For example "Find your device".'),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 2,
      description: 'A sentence under the heading.',
    }),
    requiredString('searchLabel', 'Search label', 'The label of the search box, for example "Search by model".'),
    requiredString(
      'searchHint',
      'Search hint',
      'Under the search box, for example "For example iPhone 13 or Galaxy S24".',
    ),
    templateString('noResults', 'No results', 'When nothing matches. {query} becomes what was typed.', ['query']),
    templateString('resultsCount', 'Results count', 'Read out as results change. {count} becomes the number.', [
      'count',
    ]),
    requiredString('byMakeHeading', 'By make heading', 'Above the list of makes, for example "Or choose the make".'),
    templateString('priceLine', 'Price line', 'Beside each model, for example "Up to {price}".', ['price']),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title, subtitle: 'Device finder' }),
  },
})
