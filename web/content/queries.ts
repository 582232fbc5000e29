/**
 * The site's frame and its pages: settings and facts, navigation, header, footer, newsletter, the
 * error pages, and the pages with their paths and breadcrumbs. The copy documents' queries are in
 * copy-queries.ts, the catalogue's in catalogue-queries.ts.
 */
import { defineQuery } from 'groq'
import { LINK, LINK_FIELDS } from './link-projection'

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  productName,
  titleTemplate,
  siteUrl,
  loadingText,
  copyright,
  "logoUrl": logo.asset->url,
  "shareImage": shareImage{ "url": asset->url, "alt": coalesce(alt, "") },
  contactPhone,
  contactEmail,
  postalAddress,
  wasteCarrierNumber,
  paymentCutoff,
  openingHours{ template, periods[]{ _key, fromDay, toDay, opens, closes } },
  socialLinks[]{ _key, platform, label, url },
  paymentMethods[]{ _key, name, "logoUrl": logo.asset->url },
  reviewRating{ siteName, url, score, reviewCount, countText, ratingLabel, bannerText, "showMobileStrip": coalesce(showMobileStrip, true) },
  "developerCredit": developerCredit${LINK}
}`)

// The days editors closed the business, besides weekends and bank holidays: the business calendar's.
export const closureDaysQuery = defineQuery(
  `coalesce(*[_type == "siteSettings" && _id == "siteSettings"][0].closureDays[defined(date)].date, [])`,
)

// The facts every other text may refer to ({phone}, {holdDays}…), from the documents that hold them.
export const siteFactsQuery = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{
    productName,
    contactPhone,
    contactEmail,
    postalAddress,
    paymentCutoff,
    openingHours{ template, periods[]{ fromDay, toDay, opens, closes } },
    reviewRating{ siteName, score, reviewCount }
  },
  "priceHoldDays": *[_type == "pricingRules" && _id == "pricingRules"][0].priceHoldDays,
  "basketLimit": *[_type == "pricingRules" && _id == "pricingRules"][0].basketLimit,
  "collectionMinimum": *[_type == "pricingRules" && _id == "pricingRules"][0].collectionMinimum,
  "revisedOfferDays": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.revisedOfferDays,
  "quarantineDays": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.quarantineDays,
  "bankDetailsDays": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.bankDetailsDays,
  "recordYears": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.recordYears,
  "identityPhotoDays": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.identityPhotoDays,
  "astrayDays": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.astrayDays,
  "contactKeepDays": *[_type == "contactInboxCopy" && _id == "contactInboxCopy"][0].retentionDays,
  "collectionContactYears": *[_type == "contactInboxCopy" && _id == "contactInboxCopy"][0].collectionContactYears,
  "unanswered": *[_type == "orderCopy" && _id == "orderCopy"][0].timings{ lapsedOffer, unansweredAccept, unansweredReturn }
}`)

export const navigationQuery = defineQuery(`*[_type == "navigation" && _id == "navigation"][0]{
  "desktopMenu": desktopMenu[]{
    _key,
    "link": link${LINK},
    "expandedByDefault": coalesce(expandedByDefault, false),
    "children": coalesce(children[]{ _key, "link": link${LINK}, "megaMenu": coalesce(megaMenu, "none") }, [])
  },
  "mobileMenu": mobileMenu[]{
    _key,
    "link": link${LINK},
    "expandedByDefault": coalesce(expandedByDefault, false),
    "children": coalesce(children[]{ _key, "link": link${LINK}, "megaMenu": coalesce(megaMenu, "none") }, [])
  },
  "accountLink": accountLink${LINK},
  promo{ heading, text, "cta": cta${LINK} },
  labels
}`)

export const headerQuery = defineQuery(`*[_type == "header" && _id == "header"][0]{
  search,
  cart{ ..., "cartLink": cartLink${LINK} },
  controls
}`)

export const footerQuery = defineQuery(`*[_type == "footer" && _id == "footer"][0]{
  linkGroups[]{ _key, heading, "links": links[]{ _key, ${LINK_FIELDS} } },
  contactHeading,
  phoneLabel,
  emailLabel,
  hoursHeading,
  socialHeading,
  paymentHeading,
  footerLabel
}`)

export const newsletterQuery = defineQuery(`*[_type == "newsletter" && _id == "newsletter"][0]{
  heading,
  text,
  emailLabel,
  emailPlaceholder,
  consentText,
  "privacyLink": privacyLink${LINK},
  buttonLabel,
  sendingMessage,
  successMessage,
  invalidEmailMessage,
  consentRequiredMessage,
  rateLimitedMessage,
  errorMessage
}`)

// The text and button both pages share are the document's own; a dataset from before they were
// moved up (each page had its own) is still read until an editor moves them.
export const errorPagesQuery = defineQuery(`*[_type == "errorPages" && _id == "errorPages"][0]{
  notFound{ title, heading, code, "text": coalesce(^.text, text), "button": coalesce(^.button, button)${LINK} },
  serverError{ title, heading, code, "text": coalesce(^.text, text), "button": coalesce(^.button, button)${LINK} }
}`)

export const pagePathsQuery = defineQuery(
  `*[_type == "page" && defined(path.current)] | order(path.current asc).path.current`,
)

export const pageByPathQuery = defineQuery(`*[_type == "page" && path.current == $path][0]{
  _id,
  title,
  "path": path.current,
  "breadcrumbTitle": coalesce(breadcrumbTitle, title),
  description,
  intro,
  "sections": coalesce(contentFrom->sections, sections, [])[]{
    ...,
    _type == "heroSection" => { "actions": coalesce(actions[]{ _key, ${LINK_FIELDS} }, []) },
    _type == "deviceCatalogueSection" => { "models": coalesce(models[]._ref, []) },
    _type == "gradeSection" => { "grades": *[_type == "conditionGrade"] | order(rank asc){ "_key": _id, name, summary, criteria } }
  }
}`)

export const breadcrumbsQuery = defineQuery(`*[_type == "page" && path.current in $paths]{
  "path": path.current,
  "title": coalesce(breadcrumbTitle, title)
}`)

/**
 * The published policy changes to e-mail: ticked to be told, taking effect on or after `$since`
 * (a change older than that is never mailed, even by a database that has not seen it before).
 */
export const policyChangesToMailQuery =
  defineQuery(`*[_type == "policyChange" && tellByEmail == true && changedOn >= $since && defined(page->path.current)]{
  _id,
  changedOn,
  summary,
  tellByEmail,
  "pageTitle": page->title,
  "path": page->path.current
}`)
