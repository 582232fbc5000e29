import { deviceMake } from './documents/device-make'
import { deviceModel } from './documents/device-model'
import { page } from './documents/page'
import { policyChange } from './documents/policy-change'
import { conditionGrade } from './documents/condition-grade'
import { deviceChecklist } from './documents/device-checklist'
import { shopItem } from './documents/shop-item'
import { accountSection } from './objects/account-section'
import { basketSection } from './objects/basket-section'
import { blockContent } from './objects/block-content'
import { conditionQuestion } from './objects/condition-question'
import { contactFormSection } from './objects/contact-form-section'
import { collectionRequestSection } from './objects/collection-request-section'
import { deviceCatalogueSection } from './objects/device-catalogue-section'
import { deviceFinderSection } from './objects/device-finder-section'
import { emailMessage } from './objects/email-message'
import { faqSection } from './objects/faq-section'
import { featureSection } from './objects/feature-section'
import { gradeSection } from './objects/grade-section'
import { heroSection } from './objects/hero-section'
import { imageWithAlt } from './objects/image-with-alt'
import { link } from './objects/link'
import { navItem } from './objects/nav-item'
import { openingHours } from './objects/opening-hours'
import { orderSection } from './objects/order-section'
import { reviewRating } from './objects/review-rating'
import { richTextSection } from './objects/rich-text-section'
import { siteFact } from './objects/site-fact'
import { stepsSection } from './objects/steps-section'
import { storageVariant } from './objects/storage-variant'
import { accountCopy } from './singletons/account-copy'
import { contactInboxCopy } from './singletons/contact-inbox-copy'
import { emailCopy } from './singletons/email-copy'
import { errorPages } from './singletons/error-pages'
import { footer } from './singletons/footer'
import { header } from './singletons/header'
import { navigation } from './singletons/navigation'
import { newsletter } from './singletons/newsletter'
import { orderCopy } from './singletons/order-copy'
import { pricingRules } from './singletons/pricing-rules'
import { sellingCopy } from './singletons/selling-copy'
import { siteSettings } from './singletons/site-settings'
import { subscriptionCopy } from './singletons/subscription-copy'
import { withPlaceholderChecks } from './placeholder-checks'

export const singletonTypes = [
  'siteSettings',
  'navigation',
  'header',
  'footer',
  'newsletter',
  'errorPages',
  'pricingRules',
  'sellingCopy',
  'accountCopy',
  'orderCopy',
  'emailCopy',
  'subscriptionCopy',
  'contactInboxCopy',
] as const

export const schemaTypes = withPlaceholderChecks([
  siteSettings,
  navigation,
  header,
  footer,
  newsletter,
  errorPages,
  pricingRules,
  sellingCopy,
  accountCopy,
  orderCopy,
  emailCopy,
  subscriptionCopy,
  contactInboxCopy,
  page,
  deviceMake,
  deviceModel,
  conditionGrade,
  deviceChecklist,
  shopItem,
  policyChange,
  link,
  blockContent,
  imageWithAlt,
  navItem,
  heroSection,
  richTextSection,
  featureSection,
  stepsSection,
  faqSection,
  gradeSection,
  deviceCatalogueSection,
  contactFormSection,
  collectionRequestSection,
  deviceFinderSection,
  basketSection,
  accountSection,
  orderSection,
  emailMessage,
  storageVariant,
  conditionQuestion,
  openingHours,
  reviewRating,
  siteFact,
])
