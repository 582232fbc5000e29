import { PAYOUT_HOLD_HOURS } from '@rules/payout-change'
import { isSiteFact, type SiteFactName } from '@rules/site-facts'
import type { SiteFactsQueryResult } from './sanity.types'
import { formatClock, formatOpeningHours } from '@/lib/opening-hours'
import { fillTemplate } from '@/lib/templates'

/** Each site fact as visitors read it: "020 7946 0123", "1,770", "2pm", "14". */
export type SiteFacts = Record<SiteFactName, string>

/** What the facts are made from: the site facts query's answer, every part of it present. */
export type SiteFactSource = { [K in keyof SiteFactsQueryResult]: NonNullable<SiteFactsQueryResult[K]> }

const ukNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })

export function siteFactsFrom({ settings, ...numbers }: SiteFactSource): SiteFacts {
  const { openingHours, reviewRating } = settings
  return {
    productName: settings.productName,
    phone: settings.contactPhone,
    email: settings.contactEmail,
    openingHours: formatOpeningHours(openingHours.template, openingHours.periods).join('; '),
    postalAddress: addressLines(settings.postalAddress).join(', '),
    paymentCutoff: formatClock(settings.paymentCutoff),
    reviewSite: reviewRating.siteName,
    reviewScore: ukNumber.format(reviewRating.score),
    reviewCount: ukNumber.format(reviewRating.reviewCount),
    holdDays: String(numbers.priceHoldDays),
    offerDays: String(numbers.revisedOfferDays),
    // The one rule for a device nobody answered, said as the CMS words it for that choice.
    unansweredOffer:
      numbers.unanswered.lapsedOffer === 'return'
        ? numbers.unanswered.unansweredReturn
        : numbers.unanswered.unansweredAccept,
    quarantineDays: String(numbers.quarantineDays),
    maxDevices: String(numbers.basketLimit),
    collectionMinimum: String(numbers.collectionMinimum),
    bankDetailsDays: String(numbers.bankDetailsDays),
    recordYears: String(numbers.recordYears),
    identityPhotoDays: String(numbers.identityPhotoDays),
    payoutHoldHours: String(PAYOUT_HOLD_HOURS),
    contactKeepDays: String(numbers.contactKeepDays),
    collectionContactYears: String(numbers.collectionContactYears),
    astrayDays: String(numbers.astrayDays),
  }
}

export const addressLines = (address: string) =>
  address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** A fact inside rich text, with the words to show and, for the phone and e-mail, where it links. */
export type ResolvedSiteFact = { _type: 'siteFact'; _key: string; fact: string; text: string; href: string | null }

const LINKS: Partial<Record<SiteFactName, (value: string) => string>> = {
  phone: (value) => `tel:${value.replace(/[^\d+]/g, '')}`,
  email: (value) => `mailto:${value}`,
}

/**
 * Content with the site facts written in: {name} in every string, and each rich-text "Site fact"
 * given its text and link. Other placeholders ({reference}, {total}) are left for the code that
 * knows their values. Runs on content after the cache, so a settings change reaches every page.
 */
export function withSiteFacts<T>(content: T, facts: SiteFacts): T {
  return fill(content, facts) as T
}

function fill(value: unknown, facts: SiteFacts): unknown {
  if (typeof value === 'string') return value.includes('{') ? fillTemplate(value, facts) : value
  if (Array.isArray(value)) return value.map((item) => fill(item, facts))
  if (!value || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  if (record._type === 'siteFact') return resolveFact(record, facts)
  return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, fill(child, facts)]))
}

function resolveFact(record: Record<string, unknown>, facts: SiteFacts): ResolvedSiteFact {
  const name = String(record.fact ?? '')
  const text = isSiteFact(name) ? facts[name] : ''
  const link = isSiteFact(name) ? LINKS[name] : undefined
  return { _type: 'siteFact', _key: String(record._key ?? name), fact: name, text, href: link ? link(text) : null }
}
