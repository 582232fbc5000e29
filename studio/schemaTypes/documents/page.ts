import { DocumentIcon } from '@sanity/icons/Document'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { PAGE_PATH } from '../../../content-rules/page-path'

/** One document per route of the site. */
export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  groups: [
    { name: 'content', title: 'Content', default: true },
    { name: 'seo', title: 'Search and sharing' },
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      group: 'content',
      description:
        'The page’s heading, also used in the browser tab as "Title | product name". Keep it under about 50 characters.',
      validation: (rule) => rule.required().max(70),
    }),
    defineField({
      name: 'path',
      title: 'Address',
      type: 'slug',
      group: 'content',
      description:
        'Where the page lives on the site: / for the home page, otherwise a path such as /about/faqs. Changing it breaks links to the old address.',
      options: {
        source: 'title',
        slugify: (input: string) =>
          `/${input
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-+|-+$/g, '')}`,
      },
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            value?.current && PAGE_PATH.test(value.current)
              ? true
              : 'Use / or a path such as /about/faqs: lower-case letters, digits and single hyphens between slashes.',
          ),
    }),
    defineField({
      name: 'breadcrumbTitle',
      title: 'Breadcrumb title',
      type: 'string',
      group: 'content',
      description: 'A shorter title for the breadcrumb trail. Leave empty to use the title.',
    }),
    defineField({
      name: 'contentFrom',
      title: 'Show the content of another page',
      type: 'reference',
      to: [{ type: 'page' }],
      group: 'content',
      description:
        'Set this when this address should show another page’s sections (for example /sell shows the home page). This page’s own sections are then ignored.',
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      group: 'content',
      description: 'A sentence or two under the page heading.',
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      group: 'content',
      description: 'The blocks of the page, top to bottom.',
      of: [
        defineArrayMember({ type: 'heroSection' }),
        defineArrayMember({ type: 'richTextSection' }),
        defineArrayMember({ type: 'featureSection' }),
        defineArrayMember({ type: 'stepsSection' }),
        defineArrayMember({ type: 'faqSection' }),
        defineArrayMember({ type: 'gradeSection' }),
        defineArrayMember({ type: 'deviceCatalogueSection' }),
        defineArrayMember({ type: 'contactFormSection' }),
        defineArrayMember({ type: 'collectionRequestSection' }),
        defineArrayMember({ type: 'deviceFinderSection' }),
        defineArrayMember({ type: 'basketSection' }),
        defineArrayMember({ type: 'accountSection' }),
        defineArrayMember({ type: 'orderSection' }),
      ],
    }),
    defineField({
      name: 'description',
      title: 'Search description',
      type: 'text',
      rows: 3,
      group: 'seo',
      description: 'What search engines and link previews show under the title. 70 to 160 characters.',
      validation: (rule) => rule.required().min(50).max(170),
    }),
  ],
  preview: {
    select: { title: 'title', subtitle: 'path.current' },
  },
  orderings: [{ title: 'Address', name: 'pathAsc', by: [{ field: 'path.current', direction: 'asc' }] }],
})
