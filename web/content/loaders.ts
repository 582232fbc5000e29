import 'server-only'
import { cache, withoutStega } from './stega'
import { cacheTags } from './cache-tags'
import { fetchQuery, requireContent } from './fetch-query'
import {
  accountCopyQuery,
  contactFormWordsQuery,
  collectionFormWordsQuery,
  contactInboxCopyQuery,
  emailCopyQuery,
  orderCopyQuery,
  sellingCopyQuery,
  subscriptionCopyQuery,
  termsRevisionQuery,
} from './copy-queries'
import {
  breadcrumbsQuery,
  closureDaysQuery,
  errorPagesQuery,
  footerQuery,
  headerQuery,
  navigationQuery,
  newsletterQuery,
  pageByPathQuery,
  pagePathsQuery,
  siteFactsQuery,
  siteSettingsQuery,
} from './queries'
import {
  conditionGradesQuery,
  deviceChecklistsQuery,
  deviceCatalogueQuery,
  modelPageQuery,
  modelSlugsQuery,
  publishedModelIdsQuery,
  priceListQuery,
  pricingRulesQuery,
  searchItemsQuery,
} from './catalogue-queries'
import { siteFactsFrom, withSiteFacts } from '@/content/site-facts'

/**
 * Named reads of the content model. Pages and layouts call these; components get props. Every
 * text comes back with the site facts ({phone}, {holdDays}…) written in: they are filled after the
 * data cache, so a change to a fact reaches every page that reads any of these.
 */

const FACT_TAGS = [cacheTags.siteSettings, cacheTags.pricingRules, cacheTags.orderCopy, cacheTags.contactInboxCopy]
const SETTINGS_FACT_FIELDS = [
  'productName',
  'contactPhone',
  'contactEmail',
  'postalAddress',
  'paymentCutoff',
  'openingHours',
  'reviewRating',
] as const

export const getSiteFacts = cache(async () => {
  const source = await fetchQuery(siteFactsQuery, { tags: FACT_TAGS })
  const {
    settings,
    priceHoldDays,
    basketLimit,
    collectionMinimum,
    revisedOfferDays,
    quarantineDays,
    bankDetailsDays,
    recordYears,
    identityPhotoDays,
    astrayDays,
    contactKeepDays,
    collectionContactYears,
    unanswered,
  } = source
  requireContent(settings, 'the Site settings document (id "siteSettings")')
  // A dataset from before a fact was added fails naming the field, not deep inside a page.
  for (const field of SETTINGS_FACT_FIELDS) {
    requireContent(settings?.[field], `the "${field}" field of the Site settings document (id "siteSettings")`)
  }
  return siteFactsFrom({
    settings: settings!,
    priceHoldDays: requireContent(priceHoldDays, 'the Pricing rules document (id "pricingRules")'),
    basketLimit: requireContent(basketLimit, 'the Pricing rules document (id "pricingRules")'),
    collectionMinimum: requireContent(
      collectionMinimum,
      'the "collectionMinimum" field of the Pricing rules document (id "pricingRules")',
    ),
    revisedOfferDays: requireContent(revisedOfferDays, 'the Orders document (id "orderCopy")'),
    quarantineDays: requireContent(quarantineDays, 'the Orders document (id "orderCopy")'),
    bankDetailsDays: requireContent(bankDetailsDays, 'the Orders document (id "orderCopy")'),
    recordYears: requireContent(recordYears, 'the Orders document (id "orderCopy")'),
    identityPhotoDays: requireContent(
      identityPhotoDays,
      'the "identityPhotoDays" Timing of the Orders document (id "orderCopy")',
    ),
    astrayDays: requireContent(astrayDays, 'the "astrayDays" Timing of the Orders document (id "orderCopy")'),
    contactKeepDays: requireContent(contactKeepDays, 'the Contact inbox document (id "contactInboxCopy")'),
    collectionContactYears: requireContent(
      collectionContactYears,
      'the "collectionContactYears" field of the Contact inbox document (id "contactInboxCopy")',
    ),
    unanswered: {
      lapsedOffer: requireContent(unanswered?.lapsedOffer, 'the Timings of the Orders document (id "orderCopy")'),
      unansweredAccept: requireContent(
        unanswered?.unansweredAccept,
        'the "unansweredAccept" Timing of the Orders document (id "orderCopy")',
      ),
      unansweredReturn: requireContent(
        unanswered?.unansweredReturn,
        'the "unansweredReturn" Timing of the Orders document (id "orderCopy")',
      ),
    },
  })
})

/** Content with the facts filled in; `what` names the document when it is missing. */
async function withFacts<T>(content: Promise<T | null>, what: string): Promise<T> {
  const [value, facts] = await Promise.all([content, getSiteFacts()])
  return withSiteFacts(requireContent(value, what), facts)
}

/** The same for content that may be absent (a page that does not exist). */
async function withFactsIfAny<T>(content: Promise<T>): Promise<T> {
  const [value, facts] = await Promise.all([content, getSiteFacts()])
  return withSiteFacts(value, facts)
}

export const getSiteSettings = cache(async () =>
  withFacts(
    fetchQuery(siteSettingsQuery, { tags: [cacheTags.siteSettings] }),
    'the Site settings document (id "siteSettings")',
  ),
)

/**
 * The closure days editors set in Site settings ("2026-12-29"), read plain: they are dates the
 * working-day rules compare, never shown, so a draft preview's encoding must not touch them.
 */
export const getClosureDays = cache(async (): Promise<string[]> =>
  withoutStega(() => fetchQuery(closureDaysQuery, { tags: [cacheTags.siteSettings] })),
)

export const getNavigation = cache(async () =>
  withFacts(
    fetchQuery(navigationQuery, { tags: [cacheTags.navigation, cacheTags.page] }),
    'the Navigation document (id "navigation")',
  ),
)

export const getHeader = cache(async () =>
  withFacts(
    fetchQuery(headerQuery, { tags: [cacheTags.header, cacheTags.page] }),
    'the Header extras document (id "header")',
  ),
)

export const getFooter = cache(async () =>
  withFacts(fetchQuery(footerQuery, { tags: [cacheTags.footer, cacheTags.page] }), 'the Footer document (id "footer")'),
)

export const getNewsletter = cache(async () =>
  withFacts(
    fetchQuery(newsletterQuery, { tags: [cacheTags.newsletter, cacheTags.page] }),
    'the Newsletter strip document (id "newsletter")',
  ),
)

export const getErrorPages = cache(async () =>
  withFacts(
    fetchQuery(errorPagesQuery, { tags: [cacheTags.errorPages, cacheTags.page] }),
    'the Error pages document (id "errorPages")',
  ),
)

export const getPagePaths = cache(async () => fetchQuery(pagePathsQuery, { tags: [cacheTags.page] }))

/** The page at a path, or null when there is none (the route then answers 404). */
export const getPage = cache(async (path: string) =>
  withFactsIfAny(fetchQuery(pageByPathQuery, { params: { path }, tags: [cacheTags.page, cacheTags.conditionGrade] })),
)

/** The trail from the home page down to the page at `path`, from the pages that exist. */
export const getBreadcrumbs = cache(async (path: string) => {
  const paths = ancestorPaths(path)
  const found = await withFactsIfAny(fetchQuery(breadcrumbsQuery, { params: { paths }, tags: [cacheTags.page] }))
  return paths.flatMap((p) => found.filter((crumb) => crumb.path === p))
})

export function ancestorPaths(path: string): string[] {
  const parts = path.split('/').filter(Boolean)
  return ['/', ...parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`)]
}

export const getDeviceCatalogue = cache(async () =>
  fetchQuery(deviceCatalogueQuery, { tags: [cacheTags.deviceMake, cacheTags.deviceModel] }),
)

export const getSearchItems = cache(async () => fetchQuery(searchItemsQuery, { tags: [cacheTags.shopItem] }))

export type ModelCategory = 'phone' | 'tablet'
const CATALOGUE_TAGS = [cacheTags.deviceMake, cacheTags.deviceModel, cacheTags.conditionGrade]

export const getPublishedModelIds = cache(async () => fetchQuery(publishedModelIdsQuery, { tags: CATALOGUE_TAGS }))

export const getModelSlugs = cache(async (category: ModelCategory) =>
  fetchQuery(modelSlugsQuery, { params: { category }, tags: CATALOGUE_TAGS }),
)

/** A model with its price table, or null when there is none (the route then answers 404). */
export const getModelPage = cache(async (category: ModelCategory, slug: string) =>
  withFactsIfAny(fetchQuery(modelPageQuery, { params: { category, slug }, tags: CATALOGUE_TAGS })),
)

/** Every model's price table, as published: the only source of a price the server quotes. */
export const getPriceList = cache(async () => fetchQuery(priceListQuery, { tags: CATALOGUE_TAGS }))

export const getConditionGrades = cache(async () => {
  const grades = await withFactsIfAny(fetchQuery(conditionGradesQuery, { tags: [cacheTags.conditionGrade] }))
  if (!grades.length) requireContent(null, 'the Condition grade documents (none is published)')
  return grades
})

/** The device checklists, one per kind of device; a kind without one fails loudly, naming the document. */
export const getDeviceChecklists = cache(async () => {
  const lists = await fetchQuery(deviceChecklistsQuery, { tags: [cacheTags.deviceChecklist, cacheTags.conditionGrade] })
  for (const category of ['phone', 'tablet'] as const)
    if (!lists.some((list) => list.category === category))
      requireContent(null, `the Device checklist document for ${category}s (none is published)`)
  return lists
})

export const getPricingRules = cache(async () =>
  withFacts(
    fetchQuery(pricingRulesQuery, { tags: [cacheTags.pricingRules, cacheTags.conditionGrade] }),
    'the Pricing rules document (id "pricingRules")',
  ),
)

export const getAccountCopy = cache(async () =>
  withFacts(
    fetchQuery(accountCopyQuery, { tags: [cacheTags.accountCopy, cacheTags.page] }),
    'the Accounts document (id "accountCopy")',
  ),
)

export const getOrderCopy = cache(async () =>
  withFacts(
    fetchQuery(orderCopyQuery, { tags: [cacheTags.orderCopy, cacheTags.page] }),
    'the Orders document (id "orderCopy")',
  ),
)

export const getEmailCopy = cache(async () =>
  withFacts(fetchQuery(emailCopyQuery, { tags: [cacheTags.emailCopy] }), 'the E-mails document (id "emailCopy")'),
)

export const getSellingCopy = cache(async () =>
  withFacts(
    fetchQuery(sellingCopyQuery, { tags: [cacheTags.sellingCopy, cacheTags.page] }),
    'the Price checker and basket document (id "sellingCopy")',
  ),
)

/** The revision of the terms and conditions page that a seller accepts at checkout. */
export const getTermsRevision = cache(async () => {
  const terms = await fetchQuery(termsRevisionQuery, { tags: [cacheTags.page] })
  return terms?.revision ?? 'unpublished'
})

export const getSubscriptionCopy = cache(async () =>
  withFacts(
    fetchQuery(subscriptionCopyQuery, { tags: [cacheTags.subscriptionCopy] }),
    'the Subscriptions and price alerts document (id "subscriptionCopy")',
  ),
)

/** The staff pages' words for contact messages, and how long a closed one is kept. */
export const getContactInboxCopy = cache(async () =>
  withFacts(
    fetchQuery(contactInboxCopyQuery, { tags: [cacheTags.contactInboxCopy] }),
    'the Contact inbox document (id "contactInboxCopy")',
  ),
)

/** The words a business collection form's answer is given in: the section `key`'s form, or the site's first. */
export const getCollectionFormWords = cache(async (key: string) =>
  withFacts(
    fetchQuery(collectionFormWordsQuery, { params: { key }, tags: [cacheTags.page] }),
    'a page with a business collection form section',
  ),
)

/** The words a contact form's answer is given in: the form on the page section `key`, or the site's first. */
export const getContactFormWords = cache(async (key: string) =>
  withFacts(
    fetchQuery(contactFormWordsQuery, { params: { key }, tags: [cacheTags.page] }),
    'a page with a contact form section',
  ),
)
