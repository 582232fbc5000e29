import { defineQuery } from 'groq'

// Links are resolved here, so components get a ready `href` (null for plain text).
const LINK_FIELDS = `
  label,
  "href": select(
    kind == "page" => page->path.current,
    kind == "route" => route,
    kind == "external" => url,
    null
  ),
  "external": kind == "external"
`
const LINK = `{${LINK_FIELDS}}`

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
  openingHours{ template, periods[]{ _key, fromDay, toDay, opens, closes } },
  socialLinks[]{ _key, platform, label, url },
  paymentMethods[]{ _key, name, "logoUrl": logo.asset->url },
  reviewRating{ siteName, url, score, reviewCount, countText, ratingLabel, bannerText, "showMobileStrip": coalesce(showMobileStrip, true) },
  "developerCredit": developerCredit${LINK}
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
  duplicateMessage,
  invalidEmailMessage,
  consentRequiredMessage,
  rateLimitedMessage,
  errorMessage
}`)

export const errorPagesQuery = defineQuery(`*[_type == "errorPages" && _id == "errorPages"][0]{
  notFound{ title, heading, code, text, "button": button${LINK} },
  serverError{ title, heading, code, text, "button": button${LINK} }
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
    _type == "heroSection" => { "actions": coalesce(actions[]{ _key, ${LINK_FIELDS} }, []) }
  }
}`)

export const breadcrumbsQuery = defineQuery(`*[_type == "page" && path.current in $paths]{
  "path": path.current,
  "title": coalesce(breadcrumbTitle, title)
}`)

export const deviceCatalogueQuery = defineQuery(`*[_type == "deviceMake"] | order(order asc, name asc){
  _id,
  name,
  "slug": slug.current,
  "models": *[_type == "deviceModel" && make._ref == ^._id] | order(order asc, name asc){
    _id,
    name,
    "slug": slug.current,
    category,
    family,
    topPrice
  }
}`)

export const searchItemsQuery = defineQuery(`*[_type == "shopItem"] | order(itemId asc){
  "id": itemId,
  title,
  brand,
  "thumbnailUrl": thumbnail.asset->url,
  "thumbnailAlt": coalesce(thumbnail.alt, "")
}`)
