import { DAYS } from '@rules/days'
import type { Breadcrumb, PageSection, SiteSettings } from './types'

/**
 * schema.org descriptions of the business and pages, for search engines (JSON-LD). Callers read
 * the content with withoutStega, so no draft preview's source maps reach these strings.
 */
type Thing = Record<string, unknown>

const DAY_URL = 'https://schema.org/'

export function organization(settings: SiteSettings): Thing {
  const hours = settings.openingHours.periods.map((period) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: daysBetween(period.fromDay, period.toDay).map((day) => `${DAY_URL}${day}`),
    opens: period.opens,
    closes: period.closes,
  }))
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${new URL('/', settings.siteUrl)}#organization`,
    name: settings.productName,
    url: new URL('/', settings.siteUrl).toString(),
    ...(settings.logoUrl ? { logo: absolute(settings.logoUrl, settings.siteUrl) } : {}),
    email: settings.contactEmail,
    telephone: settings.contactPhone,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: toE164(settings.contactPhone),
      email: settings.contactEmail,
      areaServed: 'GB',
      availableLanguage: 'en-GB',
      hoursAvailable: hours,
    },
    sameAs: (settings.socialLinks ?? []).map((link) => link.url),
  }
}

export function breadcrumbList(crumbs: Breadcrumb[], siteUrl: string): Thing | null {
  if (crumbs.length < 2) return null
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: new URL(crumb.path, siteUrl).toString(),
    })),
  }
}

export function faqPage(sections: PageSection[]): Thing | null {
  // A section left out by its editor (its questions are described on another page) adds none.
  const entries = sections.flatMap((section) =>
    section._type === 'faqSection' && section.describeForSearch !== false ? section.entries : [],
  )
  if (!entries.length) return null
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(entry.answer) },
    })),
  }
}

// Spans carry their text; site facts carry theirs once the loaders have written them in.
type Block = { _type: string; children?: Array<object> }

/** Portable Text as plain paragraphs. */
export function plainText(blocks: Block[]): string {
  return blocks
    .filter((block) => block._type === 'block')
    .map((block) => (block.children ?? []).map((child) => ('text' in child ? String(child.text) : '')).join(''))
    .join('\n\n')
}

function daysBetween(from: string, to: string): string[] {
  const days: readonly string[] = DAYS
  const start = days.indexOf(from)
  const end = days.indexOf(to)
  if (start < 0 || end < 0) return []
  return start <= end ? DAYS.slice(start, end + 1) : [...DAYS.slice(start), ...DAYS.slice(0, end + 1)]
}

function toE164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return digits.startsWith('+') ? digits : `+44${digits.replace(/^0/, '')}`
}

function absolute(url: string, base: string): string {
  return new URL(url, base).toString()
}
