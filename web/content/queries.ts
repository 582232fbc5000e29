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
  postalAddress,
  paymentCutoff,
  openingHours{ template, periods[]{ _key, fromDay, toDay, opens, closes } },
  socialLinks[]{ _key, platform, label, url },
  paymentMethods[]{ _key, name, "logoUrl": logo.asset->url },
  reviewRating{ siteName, url, score, reviewCount, countText, ratingLabel, bannerText, "showMobileStrip": coalesce(showMobileStrip, true) },
  "developerCredit": developerCredit${LINK}
}`)

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
  "revisedOfferDays": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.revisedOfferDays,
  "quarantineDays": *[_type == "orderCopy" && _id == "orderCopy"][0].timings.quarantineDays,
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

// A model's page: /sell-my-phone/<slug> or /sell-my-tab/<slug>.
const MODEL_HREF = `select(category == "tablet" => "/sell-my-tab/", "/sell-my-phone/") + slug.current`
// The "Up to" price everywhere is the model's highest price, so no second number can drift from it.
const TOP_PRICE = `math::max(variants[].prices[].pence)`
const PRICE_TABLE = `"variants": variants[] | order(storageGb asc){
    "key": _key,
    storageGb,
    "prices": prices[]{ "grade": grade->key.current, pence }
  }`

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
    "href": ${MODEL_HREF},
    "topPricePence": ${TOP_PRICE}
  }
}`)

export const modelSlugsQuery = defineQuery(
  `*[_type == "deviceModel" && category == $category && defined(slug.current)] | order(slug.current asc).slug.current`,
)

export const modelPageQuery =
  defineQuery(`*[_type == "deviceModel" && category == $category && slug.current == $slug][0]{
  _id,
  name,
  "slug": slug.current,
  category,
  "make": make->name,
  "href": ${MODEL_HREF},
  "topPricePence": ${TOP_PRICE},
  "image": image{
    "src": asset->url,
    "alt": coalesce(alt, ""),
    "width": asset->metadata.dimensions.width,
    "height": asset->metadata.dimensions.height
  },
  ${PRICE_TABLE}
}`)

/** Every model's price table: what the server prices baskets with. */
export const priceListQuery = defineQuery(`*[_type == "deviceModel"]{
  _id,
  // The revision a price was read from, recorded with each device sold (seed documents have none).
  "revision": coalesce(_rev, "seed"),
  name,
  "make": make->name,
  "href": ${MODEL_HREF},
  ${PRICE_TABLE}
}`)

export const conditionGradesQuery = defineQuery(`*[_type == "conditionGrade"] | order(rank asc){
  "key": key.current,
  rank,
  name,
  summary
}`)

export const pricingRulesQuery = defineQuery(`*[_type == "pricingRules" && _id == "pricingRules"][0]{
  priceHoldDays,
  basketLimit,
  questions[]{
    key,
    question,
    help,
    answers[]{ key, label, effect, "grade": grade->key.current, refusal }
  }
}`)

export const sellingCopyQuery = defineQuery(`*[_type == "sellingCopy" && _id == "sellingCopy"][0]{
  modelPage,
  quote{ ..., "criteriaLink": criteriaLink${LINK}, "basketLink": basketLink${LINK} },
  basket{ ..., "findDeviceLink": findDeviceLink${LINK}, "checkoutLink": checkoutLink${LINK} }
}`)

export const accountCopyQuery = defineQuery(`*[_type == "accountCopy" && _id == "accountCopy"][0]{
  fields,
  problems,
  forms{
    ...,
    "forgotLink": forgotLink${LINK},
    "signUpLink": signUpLink${LINK},
    "loginLink": loginLink${LINK},
    "requestAgainLink": requestAgainLink${LINK}
  },
  profile,
  staff
}`)

export const orderCopyQuery = defineQuery(`*[_type == "orderCopy" && _id == "orderCopy"][0]{
  checkout{
    detailsHeading, name, nameHint, email, emailHint, phone, phoneHint, addressHeading, addressLine1,
    addressLine2, town, postcode, postcodeHint, payoutHeading, payoutText, accountHolder, sortCode,
    sortCodeHint, accountNumber, accountNumberHint, declarationsHeading, declareAge, declareOwner,
    declareWiped, "wipeGuideLink": wipeGuideLink${LINK}, declareTerms, "termsLink": termsLink${LINK},
    marketing, summaryHeading, deviceColumn, conditionColumn, priceColumn, totalLabel, holdNote, signedInNote,
    "loginPrompt": loginPrompt${LINK}, emptyBasket, "emptyBasketLink": emptyBasketLink${LINK},
    pricesChangedHeading, pricesChanged, submit
  },
  problems{
    summary, nameMissing, nameTooLong, nameInvalid, emailMissing, emailInvalid, emailTooLong, phoneMissing,
    phoneInvalid, addressLine1Missing, addressTooLong, addressInvalid, townMissing, postcodeMissing,
    postcodeInvalid, accountHolderMissing, sortCodeMissing, sortCodeInvalid, accountNumberMissing,
    accountNumberInvalid, declareAgeMissing, declareOwnerMissing, declareWipedMissing, declareTermsMissing,
    basketEmpty, pricesChanged, keyReused, referenceMissing, referenceInvalid, lookupMissing, notFound,
    linkInvalid, offerClosed, cannotCancel, signedLinkNeeded, tooMany, crossOrigin, tooLarge, unavailable
  },
  confirmation{
    heading, referenceLabel, emailSent, holdUntil, printButton, labelHeading, labelInstructions,
    freepostAddress, slipHeading, slipInstructions, "trackLink": trackLink${LINK}, noOrder
  },
  tracker{
    reference, referenceHint, lookup, lookupHint, submit
  },
  details{
    referenceLabel, placedLabel, statusHeading, itemsHeading, deviceColumn, conditionColumn, foundColumn,
    priceColumn, revisedColumn, totalLabel, timelineHeading, revisedHeading, revisedText, reasonLabel,
    acceptButton, declineButton, accepted, declined, answeredAccept, answeredDecline, photosHeading, photoAlt, cancelButton,
    cancelHelp, signedLinkNeeded, "signedLinkLogin": signedLinkLogin${LINK}, cancelled, paidTo, returnTracking, viewOrder
  },
  statusesHeading,
  "statuses": statuses[]{ _key, key, name, explanation },
  timings{ revisedOfferDays, reminderDaysBefore, quarantineDays, lapsedOffer, unansweredAccept, unansweredReturn },
  admin{
    ordersHeading, allStatuses, statusFilter, search, searchButton, noOrders, referenceColumn, placedColumn,
    sellerColumn, statusColumn, totalColumn, itemsColumn, backToList, sellerHeading, payoutHeading, masked,
    timelineHeading, actionsHeading, noActions, moves, reveal,
    confirm, confirmHelp, gradeFound, imei, imeiHint, notes, newPrice, reason, tracking, photosHeading, noPhotos,
    photosLabel, photosHint, photosCamera, photosButton, photosAdded, photoMissing, photoNotImage, photoTooLarge, photoTooMany,
    photoUnreadable, answerColumn, answerAccepted, answerDeclined, why, moved, done,
    notAllowed, invalid, revealed, recheckHeading, recheckHelp, recheckPassword, recheckWrong, recheckTooMany,
    actorNamed, actorSeller, actorSystem
  }
}`)

export const emailCopyQuery = defineQuery(`*[_type == "emailCopy" && _id == "emailCopy"][0]{
  greeting,
  signOff,
  footer,
  verifyEmail{ subject, intro, button, outro },
  existingAccount{ subject, intro, button, outro },
  resetPassword{ subject, intro, button, outro },
  passwordChanged{ subject, intro, button, outro },
  accountDeleted{ subject, intro, button, outro },
  greetingNoName,
  subscriptionFooter,
  unsubscribeLabel,
  newsletterConfirm{ subject, intro, button, outro },
  priceAlertConfirm{ subject, intro, button, outro },
  priceAlert{ subject, intro, button, outro },
  contactReceived{ subject, intro, button, outro },
  contactNoPhone,
  staffFooter,
  orderItemsHeading,
  totalLabel,
  revisedPriceRow,
  photosHeading,
  photoLink,
  orderConfirmation{ subject, intro, button, secondButton, outro },
  deviceReceived{ subject, intro, button, secondButton, outro },
  revisedOffer{ subject, intro, button, secondButton, outro },
  revisedOfferReminder{ subject, intro, button, secondButton, outro },
  paid{ subject, intro, button, secondButton, outro },
  returned{ subject, intro, button, secondButton, outro },
  cancelled{ subject, intro, button, secondButton, outro },
  expired{ subject, intro, button, secondButton, outro }
}`)

export const searchItemsQuery = defineQuery(`*[_type == "shopItem"] | order(itemId asc){
  "id": itemId,
  title,
  brand,
  "thumbnailUrl": thumbnail.asset->url,
  "thumbnailAlt": coalesce(thumbnail.alt, "")
}`)

// The terms a seller accepts at checkout: their revision is recorded with the order.
export const termsRevisionQuery = defineQuery(
  `*[_type == "page" && path.current == "/terms-and-condition"][0]{ "revision": coalesce(_rev, _updatedAt, "seed") }`,
)

export const subscriptionCopyQuery = defineQuery(`*[_type == "subscriptionCopy" && _id == "subscriptionCopy"][0]{
  alertForm{ heading, text, emailLabel, buttonLabel, sendingMessage, successMessage, invalidEmailMessage, unknownModelMessage, rateLimitedMessage, errorMessage },
  confirmPage{ heading, newsletterText, alertText, buttonLabel, newsletterDone, alertDone, invalidLink, failedMessage },
  unsubscribePage{ heading, newsletterText, alertText, buttonLabel, done, invalidLink, failedMessage }
}`)

/** Every model's best price as published, for price alerts (read live, past every cache). */
export const modelTopPricesQuery = defineQuery(`*[_type == "deviceModel" && defined(slug.current)]{
  _id,
  "name": make->name + " " + name,
  "href": ${MODEL_HREF},
  "topPricePence": ${TOP_PRICE}
}`)

/**
 * Every published model's id: one cached query that a price alert's model is checked against
 * before anything is read about it, so a made-up id never becomes a cached query of its own.
 */
export const publishedModelIdsQuery = defineQuery(
  `*[_type == "deviceModel" && defined(slug.current) && !(_id in path("drafts.**"))]._id`,
)

/** One model's name and best price, for a price alert's request and its confirmation. */
export const modelForAlertQuery = defineQuery(`*[_type == "deviceModel" && _id == $id && defined(slug.current)][0]{
  _id,
  "name": make->name + " " + name,
  "href": ${MODEL_HREF},
  "topPricePence": ${TOP_PRICE}
}`)

export const contactInboxCopyQuery = defineQuery(`*[_type == "contactInboxCopy" && _id == "contactInboxCopy"][0]{
  list{
    heading, staffHomeLink, backToOrders, retentionNote, statusFilter, allStatuses, search, searchButton, empty,
    receivedColumn, senderColumn, emailColumn, messageColumn, statusColumn
  },
  statuses{ new, answered, closed },
  message{
    backToList, heading, statusLabel, receivedLabel, senderHeading, nameLabel, emailLabel, phoneLabel, noPhone,
    messageHeading, actionsHeading, markAnswered, close, reopen, done, moved, invalid, unavailable, historyHeading,
    historyReceived, historyChange
  },
  retentionDays
}`)
