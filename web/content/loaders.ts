import 'server-only'
import { cache } from './stega'
import { cacheTags } from './cache-tags'
import { fetchQuery, requireContent } from './fetch-query'
import {
  accountCopyQuery,
  breadcrumbsQuery,
  conditionGradesQuery,
  deviceCatalogueQuery,
  emailCopyQuery,
  termsRevisionQuery,
  errorPagesQuery,
  footerQuery,
  headerQuery,
  modelPageQuery,
  modelSlugsQuery,
  navigationQuery,
  newsletterQuery,
  orderCopyQuery,
  pageByPathQuery,
  pagePathsQuery,
  priceListQuery,
  pricingRulesQuery,
  searchItemsQuery,
  sellingCopyQuery,
  siteSettingsQuery,
} from './queries'
import { fillTemplate } from '@/lib/templates'
import type { NavChild, Navigation, ResolvedLink } from './types'

/** Named reads of the content model. Pages and layouts call these; components get props. */

export const getSiteSettings = cache(async () =>
  requireContent(
    await fetchQuery(siteSettingsQuery, { tags: [cacheTags.siteSettings] }),
    'the Site settings document (id "siteSettings")',
  ),
)

export const getNavigation = cache(async () => {
  const [navigation, settings] = await Promise.all([
    fetchQuery(navigationQuery, { tags: [cacheTags.navigation, cacheTags.page] }),
    getSiteSettings(),
  ])
  const nav = requireContent(navigation, 'the Navigation document (id "navigation")')
  // Labels may name the product, as in "Who are we – {productName}".
  const productName = settings.productName
  const named = <T extends { link: ResolvedLink }>(entry: T): T => ({
    ...entry,
    link: { ...entry.link, label: fillTemplate(entry.link.label, { productName }) },
  })
  const menu = (items: Navigation['desktopMenu']) =>
    items.map((item) => ({ ...named(item), children: (item.children as NavChild[]).map(named) }))
  return { ...nav, desktopMenu: menu(nav.desktopMenu), mobileMenu: menu(nav.mobileMenu) }
})

export const getHeader = cache(async () =>
  requireContent(
    await fetchQuery(headerQuery, { tags: [cacheTags.header, cacheTags.page] }),
    'the Header extras document (id "header")',
  ),
)

export const getFooter = cache(async () =>
  requireContent(
    await fetchQuery(footerQuery, { tags: [cacheTags.footer, cacheTags.page] }),
    'the Footer document (id "footer")',
  ),
)

export const getNewsletter = cache(async () =>
  requireContent(
    await fetchQuery(newsletterQuery, { tags: [cacheTags.newsletter, cacheTags.page] }),
    'the Newsletter strip document (id "newsletter")',
  ),
)

export const getErrorPages = cache(async () =>
  requireContent(
    await fetchQuery(errorPagesQuery, { tags: [cacheTags.errorPages, cacheTags.page] }),
    'the Error pages document (id "errorPages")',
  ),
)

export const getPagePaths = cache(async () => fetchQuery(pagePathsQuery, { tags: [cacheTags.page] }))

/** The page at a path, or null when there is none (the route then answers 404). */
export const getPage = cache(async (path: string) =>
  fetchQuery(pageByPathQuery, { params: { path }, tags: [cacheTags.page, cacheTags.conditionGrade] }),
)

/** The trail from the home page down to the page at `path`, from the pages that exist. */
export const getBreadcrumbs = cache(async (path: string) => {
  const paths = ancestorPaths(path)
  const found = await fetchQuery(breadcrumbsQuery, { params: { paths }, tags: [cacheTags.page] })
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

export const getModelSlugs = cache(async (category: ModelCategory) =>
  fetchQuery(modelSlugsQuery, { params: { category }, tags: CATALOGUE_TAGS }),
)

/** A model with its price table, or null when there is none (the route then answers 404). */
export const getModelPage = cache(async (category: ModelCategory, slug: string) =>
  fetchQuery(modelPageQuery, { params: { category, slug }, tags: CATALOGUE_TAGS }),
)

/** Every model's price table, as published: the only source of a price the server quotes. */
export const getPriceList = cache(async () => fetchQuery(priceListQuery, { tags: CATALOGUE_TAGS }))

export const getConditionGrades = cache(async () => {
  const grades = await fetchQuery(conditionGradesQuery, { tags: [cacheTags.conditionGrade] })
  if (!grades.length) requireContent(null, 'the Condition grade documents (none is published)')
  return grades
})

export const getPricingRules = cache(async () =>
  requireContent(
    await fetchQuery(pricingRulesQuery, { tags: [cacheTags.pricingRules, cacheTags.conditionGrade] }),
    'the Pricing rules document (id "pricingRules")',
  ),
)

export const getAccountCopy = cache(async () =>
  requireContent(
    await fetchQuery(accountCopyQuery, { tags: [cacheTags.accountCopy, cacheTags.page] }),
    'the Accounts document (id "accountCopy")',
  ),
)

export const getOrderCopy = cache(async () =>
  requireContent(
    await fetchQuery(orderCopyQuery, { tags: [cacheTags.orderCopy, cacheTags.page] }),
    'the Orders document (id "orderCopy")',
  ),
)

export const getEmailCopy = cache(async () =>
  requireContent(
    await fetchQuery(emailCopyQuery, { tags: [cacheTags.emailCopy] }),
    'the E-mails document (id "emailCopy")',
  ),
)

export const getSellingCopy = cache(async () =>
  requireContent(
    await fetchQuery(sellingCopyQuery, { tags: [cacheTags.sellingCopy, cacheTags.page] }),
    'the Price checker and basket document (id "sellingCopy")',
  ),
)

/** The revision of the terms and conditions page that a seller accepts at checkout. */
export const getTermsRevision = cache(async () => {
  const terms = await fetchQuery(termsRevisionQuery, { tags: [cacheTags.page] })
  return terms?.revision ?? 'unpublished'
})
