/**
 * Facts that belong to the business, each stored once (in Site settings, Pricing rules, Orders, or
 * a rule of the site's in content-rules/) and referred to everywhere else: as {name} in plain
 * text, or as a "Site fact" in rich text.
 * Shared by the Studio (validation, the inline object's list) and the site (filling them in).
 */
export const SITE_FACTS = {
  productName: 'the product name',
  phone: 'the contact phone number',
  email: 'the contact e-mail address',
  openingHours: 'when the phone lines are open',
  postalAddress: 'the postal address for devices and letters',
  paymentCutoff: 'the time of day before which checked devices are paid the same day',
  reviewSite: 'the review site’s name',
  reviewScore: 'the review score',
  reviewCount: 'the number of reviews, written the UK way (1,770)',
  holdDays: 'how many days a price is held',
  offerDays: 'how many days a seller has to answer a revised offer',
  unansweredOffer: 'what happens to a device whose new price is not answered in time (Orders, Timings)',
  quarantineDays: 'how many days a device flagged as stolen is held',
  maxDevices: 'the most devices in one basket',
  collectionMinimum: 'the fewest devices for a free business collection (Pricing rules)',
  bankDetailsDays: 'how many days after an order ends its full bank details are deleted',
  recordYears: 'how many years an order is kept before only the tax record is left',
  identityPhotoDays:
    'how many days an unchecked photo of an identity document is kept after it was sent (Orders, Timings)',
  payoutHoldHours: 'how many hours a payment waits after the seller changes their bank details',
  contactKeepDays: 'how many days a contact message is kept once answered or closed (Contact inbox)',
  collectionContactYears:
    'how many years after its waste transfer note a business collection’s contact is removed (Contact inbox)',
  astrayDays: 'how many days without a scan make a parcel astray (Orders, Timings)',
} as const

export type SiteFactName = keyof typeof SITE_FACTS

export const SITE_FACT_NAMES = Object.keys(SITE_FACTS) as SiteFactName[]

/** Facts that a rich-text "Site fact" renders as a link (tel: or mailto:). */
export const LINKED_FACTS = ['phone', 'email'] as const satisfies readonly SiteFactName[]

export const isSiteFact = (name: string): name is SiteFactName => Object.hasOwn(SITE_FACTS, name)

/** Every {name} written in a text, in order, without repeats. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))]
}

/**
 * Why a text is wrong, or true: a {name} that is neither a site fact nor one of the field's own
 * placeholders is a typing mistake that visitors would see as written.
 */
export function checkPlaceholders(text: string | undefined, own: readonly string[]): true | string {
  const unknown = placeholdersIn(text ?? '').filter((name) => !isSiteFact(name) && !own.includes(name))
  if (!unknown.length) return true
  const allowed = [...own, ...SITE_FACT_NAMES].map((name) => `{${name}}`).join(', ')
  const listed = unknown.map((name) => `{${name}}`).join(' and ')
  return `${listed} ${unknown.length > 1 ? 'are not placeholders' : 'is not a placeholder'}. Use one of: ${allowed}.`
}

/** The sentence each copy field's description ends with, so editors see what they can write. */
export const SITE_FACTS_HINT = `Site facts you can write in braces: ${SITE_FACT_NAMES.map((name) => `{${name}}`).join(', ')}.`
