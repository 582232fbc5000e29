import { CogIcon } from '@sanity/icons/Cog'
import { defineArrayMember, defineField, defineType } from 'sanity'

// UK numbers: 01/02/03 landlines, 07 mobiles and 080 freephone, 10 or 11 digits with optional spaces.
const UK_PHONE = /^(?:0|\+44\s?)(?:\d\s?){9,10}$/
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'brand', title: 'Brand', default: true },
    { name: 'contact', title: 'Contact' },
    { name: 'trust', title: 'Reviews and payment' },
  ],
  fields: [
    defineField({
      name: 'productName',
      title: 'Product name',
      type: 'string',
      group: 'brand',
      description: 'The brand name shown in the header, the page titles and the footer.',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'titleTemplate',
      title: 'Page title pattern',
      type: 'string',
      group: 'brand',
      description:
        'How browser tabs and search results name a page. {title} is the page title, {productName} the product name.',
      initialValue: '{title} | {productName}',
      validation: (rule) =>
        rule
          .required()
          .custom((value) => (value?.includes('{title}') ? true : 'Include {title} where the page title goes.')),
    }),
    defineField({
      name: 'siteUrl',
      title: 'Site address',
      type: 'url',
      group: 'brand',
      description:
        'The public address of the live site, for example https://www.example.co.uk. Used for canonical links.',
      validation: (rule) => rule.required().uri({ scheme: ['https', 'http'] }),
    }),
    defineField({
      name: 'loadingText',
      title: 'Loading screen text',
      type: 'string',
      group: 'brand',
      description: 'Shown on the black screen while a slow page loads. Usually the product name.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'logo',
      title: 'Logo',
      type: 'image',
      group: 'brand',
      description: 'The square brand mark, ideally SVG. Search engines show it beside the brand.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'shareImage',
      title: 'Default share image',
      type: 'imageWithAlt',
      group: 'brand',
      description:
        'Shown when a page is shared on social media or in messages: 1200 × 630 pixels, PNG or JPEG, with the key words large.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'developerCredit',
      title: 'Developer credit',
      type: 'link',
      group: 'brand',
      description: 'The credit to the site’s developer at the foot of every page.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'copyright',
      title: 'Copyright line',
      type: 'string',
      group: 'brand',
      description: 'At the foot of every page. {year} becomes the current year, {productName} the product name.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contactPhone',
      title: 'Contact phone',
      type: 'string',
      group: 'contact',
      description: 'A UK number as visitors should dial it, for example 020 7946 0123.',
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            !value || UK_PHONE.test(value.trim()) ? true : 'Enter a UK number: 0 or +44 and then 9 or 10 digits.',
          ),
    }),
    defineField({
      name: 'contactEmail',
      title: 'Contact e-mail',
      type: 'email',
      group: 'contact',
      description: 'Where visitors’ e-mails go.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'openingHours',
      title: 'Opening hours',
      type: 'object',
      group: 'contact',
      description: 'When the phone lines are open.',
      fields: [
        defineField({
          name: 'template',
          title: 'Wording',
          type: 'string',
          description:
            'How each period reads: {opens}, {closes}, {fromDay} and {toDay} are filled in from the periods.',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'periods',
          title: 'Periods',
          type: 'array',
          description: 'Each run of days with the same hours.',
          of: [
            defineArrayMember({
              name: 'openingPeriod',
              title: 'Period',
              type: 'object',
              fields: [
                defineField({
                  name: 'fromDay',
                  title: 'From',
                  type: 'string',
                  description: 'The first day of the run.',
                  options: { list: DAYS },
                  validation: (rule) => rule.required(),
                }),
                defineField({
                  name: 'toDay',
                  title: 'To',
                  type: 'string',
                  description: 'The last day of the run (the same day for a single day).',
                  options: { list: DAYS },
                  validation: (rule) => rule.required(),
                }),
                defineField({
                  name: 'opens',
                  title: 'Opens',
                  type: 'string',
                  description: '24-hour time, for example 10:00.',
                  validation: (rule) => rule.required().regex(TIME, { name: 'time like 09:30' }),
                }),
                defineField({
                  name: 'closes',
                  title: 'Closes',
                  type: 'string',
                  description: '24-hour time, for example 17:00.',
                  validation: (rule) => rule.required().regex(TIME, { name: 'time like 17:00' }),
                }),
              ],
              preview: {
                select: { from: 'fromDay', to: 'toDay', opens: 'opens', closes: 'closes' },
                prepare: ({ from, to, opens, closes }) => ({ title: `${from}–${to}`, subtitle: `${opens}–${closes}` }),
              },
            }),
          ],
          validation: (rule) => rule.required().min(1),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      type: 'array',
      group: 'contact',
      description: 'The brand’s profiles, shown as icons in the footer.',
      of: [
        defineArrayMember({
          name: 'socialLink',
          title: 'Social link',
          type: 'object',
          fields: [
            defineField({
              name: 'platform',
              title: 'Platform',
              type: 'string',
              description: 'Chooses the icon.',
              options: { list: ['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'linkedin'] },
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'label',
              title: 'Accessible name',
              type: 'string',
              description: 'What a screen reader says for the icon, for example "Follow us on Instagram".',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'url',
              title: 'Profile address',
              type: 'url',
              description: 'The full address of the profile.',
              validation: (rule) => rule.required().uri({ scheme: ['https'] }),
            }),
          ],
          preview: { select: { title: 'platform', subtitle: 'url' } },
        }),
      ],
    }),
    defineField({
      name: 'paymentMethods',
      title: 'Payment methods',
      type: 'array',
      group: 'trust',
      description: 'The logos in the footer strip, for the ways sellers are paid.',
      of: [
        defineArrayMember({
          name: 'paymentMethod',
          title: 'Payment method',
          type: 'object',
          fields: [
            defineField({
              name: 'name',
              title: 'Name',
              type: 'string',
              description: 'The method’s name, read out by screen readers, for example "Bank transfer".',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'logo',
              title: 'Logo',
              type: 'image',
              description: 'A small logo, ideally SVG, about 3:2.',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: { select: { title: 'name', media: 'logo' } },
        }),
      ],
    }),
    defineField({
      name: 'reviewRating',
      title: 'Review-site rating',
      type: 'object',
      group: 'trust',
      description: 'The rating visitors have given on an independent review site.',
      fields: [
        defineField({
          name: 'siteName',
          title: 'Review site',
          type: 'string',
          description: 'The review site’s name.',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'url',
          title: 'Review page address',
          type: 'url',
          description: 'The brand’s page on the review site.',
          validation: (rule) => rule.required().uri({ scheme: ['https'] }),
        }),
        defineField({
          name: 'score',
          title: 'Score',
          type: 'number',
          description: 'The average score out of 5, for example 4 or 4.5.',
          validation: (rule) => rule.required().min(0).max(5).precision(1),
        }),
        defineField({
          name: 'reviewCount',
          title: 'Number of reviews',
          type: 'number',
          description: 'How many reviews the score is based on.',
          validation: (rule) => rule.required().integer().min(0),
        }),
        defineField({
          name: 'countText',
          title: 'Review count wording',
          type: 'string',
          description: 'How the count reads on the page, for example "1,770 reviews".',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'ratingLabel',
          title: 'Rating for screen readers',
          type: 'string',
          description:
            'What a screen reader says for the stars. {score} becomes the score, for example "Rated {score} out of 5".',
          validation: (rule) =>
            rule
              .required()
              .custom((value) => (value?.includes('{score}') ? true : 'Include {score} where the score goes.')),
        }),
        defineField({
          name: 'bannerText',
          title: 'Banner wording',
          type: 'string',
          description: 'The footer banner’s line, for example "Rated excellent on".',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'showMobileStrip',
          title: 'Show the rating strip on phones',
          type: 'boolean',
          description: 'A strip with the stars and count under the header, on small screens only.',
          initialValue: true,
        }),
      ],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
})
