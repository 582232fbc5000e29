import { CogIcon } from '@sanity/icons/Cog'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { SHIPPED_BANK_HOLIDAYS } from '../../../content-rules/bank-holidays'
import { TIME_24H } from '../../../content-rules/clock'
import { isDayString } from '../../../content-rules/days'
import { UK_PHONE } from '../../../content-rules/uk-phone'
import { requiredString } from '../fields'

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
      description:
        'The brand name shown in the header, the page titles and the footer. Elsewhere, write {productName}.',
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
    requiredString(
      'loadingText',
      'Loading screen text',
      'Shown on the black screen while a slow page loads. Usually {productName}.',
      'brand',
    ),
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
      description: 'A UK number as visitors should dial it, for example 020 7946 0123. Elsewhere, write {phone}.',
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
      description: 'Where visitors’ e-mails go. Elsewhere, write {email}.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'openingHours',
      title: 'Opening hours',
      type: 'openingHours',
      group: 'contact',
      description: 'When the phone lines are open. Elsewhere, write {openingHours}.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'postalAddress',
      title: 'Postal address',
      type: 'text',
      rows: 4,
      group: 'contact',
      description:
        'Where devices and letters go, one line per line of the address. Elsewhere, write {postalAddress}: it reads as one line, with commas.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'wasteCarrierNumber',
      title: 'Waste carrier registration number',
      type: 'string',
      group: 'contact',
      description:
        'Our registration as a carrier of waste (the Environment Agency’s, for example CBDU123456): printed on every waste transfer note a business collection ends with.',
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
            requiredString(
              'label',
              'Accessible name',
              'What a screen reader says for the icon, for example "Follow us on Instagram".',
            ),
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
            requiredString(
              'name',
              'Name',
              'The method’s name, read out by screen readers, for example "Bank transfer".',
            ),
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
      name: 'paymentCutoff',
      title: 'Same-day payment cut-off',
      type: 'string',
      group: 'trust',
      description:
        'Devices that pass their checks before this time on a working day are paid that day: a 24-hour time such as 14:00. Elsewhere, write {paymentCutoff}, which reads "2pm".',
      validation: (rule) => rule.required().regex(TIME_24H, { name: '24-hour time like 14:00' }),
    }),
    defineField({
      name: 'closureDays',
      title: 'Closure days',
      type: 'array',
      group: 'trust',
      description:
        'Days the business is closed besides weekends and England and Wales bank holidays (those are known already), such as the days between Christmas and New Year. Nobody is paid and no working-day promise counts down on these days: a device that passes its checks the day before is paid on the next working day.',
      of: [
        defineArrayMember({
          name: 'closureDay',
          title: 'Closure day',
          type: 'object',
          fields: [
            defineField({
              name: 'date',
              title: 'Date',
              type: 'date',
              description: 'The day the business is closed.',
              options: { dateFormat: 'dddd D MMMM YYYY' },
              validation: (rule) => [
                rule.required().custom((value) => (!value || isDayString(value) ? true : 'Choose a real date.')),
                rule
                  .custom((value) => {
                    if (!value || !isDayString(value)) return true
                    const weekday = new Date(`${value}T00:00:00Z`).getUTCDay()
                    if (weekday === 0 || weekday === 6) return 'This is a weekend: the business is closed anyway.'
                    return SHIPPED_BANK_HOLIDAYS.includes(value)
                      ? 'This is a bank holiday: it is closed already.'
                      : true
                  })
                  .warning(),
              ],
            }),
            requiredString(
              'reason',
              'Reason',
              'Why the business is closed, for staff, for example "Christmas closure".',
            ),
          ],
          preview: { select: { title: 'date', subtitle: 'reason' } },
        }),
      ],
      validation: (rule) =>
        rule.custom((days: Array<{ date?: string }> | undefined) => {
          const seen = new Set<string>()
          for (const { date } of days ?? []) {
            if (!date) continue
            if (seen.has(date)) return `${date} is listed more than once: keep one.`
            seen.add(date)
          }
          return true
        }),
    }),
    defineField({
      name: 'reviewRating',
      title: 'Review-site rating',
      type: 'reviewRating',
      group: 'trust',
      description: 'The rating visitors have given on an independent review site.',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Site settings' }) },
})
