import { siteFactsFrom, withSiteFacts, type SiteFactSource, type SiteFacts } from '@/content/site-facts'
import { readSeed, type Doc } from './seed-copy'

/** The seed's site facts as the site writes them ("1,770", "2pm"), read from the documents that hold them. */
export function seedFacts(docs: Doc[] = readSeed()): SiteFacts {
  const byId = (id: string) => docs.find((doc) => doc._id === id) as unknown
  const rules = byId('pricingRules') as { priceHoldDays: number; basketLimit: number; collectionMinimum: number }
  const timings = (
    byId('orderCopy') as {
      timings: SiteFactSource['unanswered'] & {
        revisedOfferDays: number
        quarantineDays: number
        bankDetailsDays: number
        recordYears: number
        identityPhotoDays: number
        astrayDays: number
      }
    }
  ).timings
  return siteFactsFrom({
    settings: byId('siteSettings') as SiteFactSource['settings'],
    priceHoldDays: rules.priceHoldDays,
    basketLimit: rules.basketLimit,
    collectionMinimum: rules.collectionMinimum,
    revisedOfferDays: timings.revisedOfferDays,
    quarantineDays: timings.quarantineDays,
    bankDetailsDays: timings.bankDetailsDays,
    recordYears: timings.recordYears,
    identityPhotoDays: timings.identityPhotoDays,
    astrayDays: timings.astrayDays,
    contactKeepDays: (byId('contactInboxCopy') as { retentionDays: number }).retentionDays,
    collectionContactYears: (byId('contactInboxCopy') as { collectionContactYears: number }).collectionContactYears,
    unanswered: timings,
  })
}

/** One seed document with its site facts written in, as the loaders hand it to the site. */
export function seedWithFacts(id: string, docs: Doc[] = readSeed()): unknown {
  return withSiteFacts(
    docs.find((doc) => doc._id === id),
    seedFacts(docs),
  )
}
