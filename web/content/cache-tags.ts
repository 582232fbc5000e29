/** Cache tags: one per document type, so a webhook for a changed document revalidates its readers. */
export const cacheTags = {
  siteSettings: 'siteSettings',
  navigation: 'navigation',
  header: 'header',
  footer: 'footer',
  newsletter: 'newsletter',
  errorPages: 'errorPages',
  page: 'page',
  deviceMake: 'deviceMake',
  deviceModel: 'deviceModel',
  shopItem: 'shopItem',
  conditionGrade: 'conditionGrade',
  deviceChecklist: 'deviceChecklist',
  pricingRules: 'pricingRules',
  sellingCopy: 'sellingCopy',
  accountCopy: 'accountCopy',
  orderCopy: 'orderCopy',
  emailCopy: 'emailCopy',
  subscriptionCopy: 'subscriptionCopy',
  contactInboxCopy: 'contactInboxCopy',
} as const

export type CacheTag = (typeof cacheTags)[keyof typeof cacheTags]

const known = new Set<string>(Object.values(cacheTags))

/** The tags to revalidate when a document of this type changes (none for types the site never reads). */
export function tagsForDocumentType(type: string): CacheTag[] {
  return known.has(type) ? [type as CacheTag] : []
}
