import { LinkIcon } from '@sanity/icons/Link'
import { defineField, defineType } from 'sanity'
import { requiredString } from '../fields'

// A path, then optionally a query (/login?next=/profile) and an anchor (/order-tracker#order-statuses).
const ROUTE_PATTERN = /^\/[a-z0-9\-/]*(?:\?[a-z0-9\-/_=&%.]*)?(?:#[a-z0-9\-]+)?$/

/** A link an editor can point at a page, a route, another site, or leave as plain text. */
export const link = defineType({
  name: 'link',
  title: 'Link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    requiredString('label', 'Label', 'The words visitors see and click.'),
    defineField({
      name: 'kind',
      title: 'Kind of link',
      type: 'string',
      description:
        'Page: one of the site’s pages. Route: a path on this site with no page document (for example /profile). External: another web site. Text: no link, just the label.',
      options: {
        list: [
          { title: 'Page', value: 'page' },
          { title: 'Route on this site', value: 'route' },
          { title: 'External web site', value: 'external' },
          { title: 'Plain text (no link)', value: 'text' },
        ],
        layout: 'radio',
        direction: 'horizontal',
      },
      initialValue: 'page',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'page',
      title: 'Page',
      type: 'reference',
      to: [{ type: 'page' }],
      description: 'The page this link opens.',
      hidden: ({ parent }) => parent?.kind !== 'page',
      validation: (rule) =>
        rule.custom((value, context) => {
          const parent = context.parent as { kind?: string } | undefined
          return parent?.kind === 'page' && !value ? 'Choose the page this link opens.' : true
        }),
    }),
    defineField({
      name: 'route',
      title: 'Route',
      type: 'string',
      description:
        'A path on this site, starting with a slash, for example /order-tracker. It may end with a query or an anchor, for example /login?next=/profile or /order-tracker#order-statuses.',
      hidden: ({ parent }) => parent?.kind !== 'route',
      validation: (rule) =>
        rule.custom((value, context) => {
          const parent = context.parent as { kind?: string } | undefined
          if (parent?.kind !== 'route') return true
          if (!value) return 'Enter the path this link opens.'
          return ROUTE_PATTERN.test(value)
            ? true
            : 'Use a path that starts with / and holds only lower-case letters, digits, hyphens and slashes, then optionally a query (?next=/profile) and an anchor (#order-statuses).'
        }),
    }),
    defineField({
      name: 'url',
      title: 'Web address',
      type: 'url',
      description: 'The full address of the other site, starting with https://.',
      hidden: ({ parent }) => parent?.kind !== 'external',
      validation: (rule) =>
        rule.uri({ scheme: ['https', 'http', 'mailto', 'tel'] }).custom((value, context) => {
          const parent = context.parent as { kind?: string } | undefined
          return parent?.kind === 'external' && !value ? 'Enter the web address.' : true
        }),
    }),
  ],
  preview: {
    select: { title: 'label', kind: 'kind', route: 'route', url: 'url', page: 'page.path.current' },
    prepare({ title, kind, route, url, page }) {
      const target = kind === 'page' ? page : kind === 'route' ? route : kind === 'external' ? url : 'plain text'
      return { title, subtitle: target }
    },
  },
})
