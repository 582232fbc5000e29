import type {
  AccountCopyQueryResult,
  ContactInboxCopyQueryResult,
  EmailCopyQueryResult,
  SubscriptionCopyQueryResult,
  DeviceCatalogueQueryResult,
  FooterQueryResult,
  HeaderQueryResult,
  NavigationQueryResult,
  NewsletterQueryResult,
  OrderCopyQueryResult,
  PageByPathQueryResult,
  SearchItemsQueryResult,
  SiteSettingsQueryResult,
  ErrorPagesQueryResult,
  BreadcrumbsQueryResult,
  ConditionGradesQueryResult,
  DeviceChecklistsQueryResult,
  ModelPageQueryResult,
  PriceListQueryResult,
  PricingRulesQueryResult,
  SellingCopyQueryResult,
} from './sanity.types'

/** Shapes components receive, named from the generated query results. */
export type SiteSettings = NonNullable<SiteSettingsQueryResult>
export type Navigation = NonNullable<NavigationQueryResult>
export type NavEntry = Navigation['desktopMenu'][number]
export type NavChild = NavEntry['children'][number]
export type HeaderContent = NonNullable<HeaderQueryResult>
export type FooterContent = NonNullable<FooterQueryResult>
export type NewsletterContent = NonNullable<NewsletterQueryResult>
export type ErrorPagesContent = NonNullable<ErrorPagesQueryResult>
export type ErrorCopy = ErrorPagesContent['notFound']
export type PageContent = NonNullable<PageByPathQueryResult>
export type PageSection = PageContent['sections'][number]
export type Breadcrumb = BreadcrumbsQueryResult[number]
export type DeviceCatalogue = DeviceCatalogueQueryResult
export type DeviceMake = DeviceCatalogue[number]
export type SearchItem = SearchItemsQueryResult[number]
export type ResolvedLink = { label: string; href: string | null; external: boolean }
export type SellingCopy = NonNullable<SellingCopyQueryResult>
export type AccountCopy = NonNullable<AccountCopyQueryResult>
export type OrderCopy = NonNullable<OrderCopyQueryResult>
export type EmailCopy = NonNullable<EmailCopyQueryResult>
export type SubscriptionCopy = NonNullable<SubscriptionCopyQueryResult>
export type ContactInboxCopy = NonNullable<ContactInboxCopyQueryResult>
export type PricingRules = NonNullable<PricingRulesQueryResult>
export type ConditionGrade = ConditionGradesQueryResult[number]
export type ModelPage = NonNullable<ModelPageQueryResult>
export type PricedModel = PriceListQueryResult[number]
export type DeviceChecklist = DeviceChecklistsQueryResult[number]
