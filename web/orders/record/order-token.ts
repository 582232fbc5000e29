import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'
import { photoPath } from '@/orders/photos/photo-rules'

/** How long a link to an order works: the e-mails' links, the tracker's answer, the receipt. */
export const ORDER_LINK_DAYS = 120

/**
 * A link that opens one order without signing in: its reference and an expiry, signed with a key
 * derived from the site's secret. The seller's link (the e-mails', the receipt's, the account
 * page's) grants seeing the order, answering its offer and cancelling it before it arrives. The
 * tracker's link, given for the reference and the postcode or e-mail address (both printed on the
 * parcel), only shows it: its scope is signed with it, as `<reference>.<expiry>.view.<signature>`.
 */
export type OrderLinkScope = 'act' | 'view'

export function orderToken(
  reference: string,
  now = Date.now(),
  secret = readAuthSecret(),
  scope: OrderLinkScope = 'act',
): string {
  const expires = Math.floor(now / 1000) + ORDER_LINK_DAYS * 24 * 3600
  const payload = scope === 'view' ? `${reference}.${expires}.view` : `${reference}.${expires}`
  return `${payload}.${mac(payload, secret)}`
}

const ORDER_PAGES = {
  details: '/order-tracker-details',
  receipt: '/order-successful',
  // The free postage label and packing slip as a PDF, made when it is opened.
  label: '/order-tracker-details/label',
  // A paid order's purchase invoice as a PDF, made when it is opened.
  invoice: '/order-tracker-details/invoice',
} as const
export type OrderPage = keyof typeof ORDER_PAGES

/** The address of an order's page that opens without signing in: the one place such a link is built. */
export function orderPath(reference: string, page: OrderPage = 'details'): string {
  return tokenPath(orderToken(reference), page)
}

/** The tracker's answer: the order's page, to see and not to change. */
export function viewOrderPath(reference: string): string {
  return tokenPath(orderToken(reference, Date.now(), readAuthSecret(), 'view'))
}

/** The same address for a token already given (the one in the page's own address, say). */
export function tokenPath(token: string, page: OrderPage = 'details'): string {
  return `${ORDER_PAGES[page]}?order=${encodeURIComponent(token)}`
}

/** The reference a token opens and what it allows, or null when it is forged, damaged or expired. */
export function readOrderLink(
  token: string,
  now = Date.now(),
  secret = readAuthSecret(),
): { reference: string; scope: OrderLinkScope } | null {
  const parts = token.split('.')
  const scope: OrderLinkScope = parts.length === 4 && parts[2] === 'view' ? 'view' : 'act'
  if (parts.length !== (scope === 'view' ? 4 : 3)) return null
  const [reference, expires] = parts
  const signature = parts.at(-1)
  if (!reference || !expires || !signature || !/^\d{1,12}$/.test(expires)) return null
  const expected = Buffer.from(mac(parts.slice(0, -1).join('.'), secret))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return Number(expires) * 1000 > now ? { reference, scope } : null
}

/** The reference a seller's link opens, or null when it is forged, damaged, expired or only to view. */
export function readOrderToken(token: string, now = Date.now(), secret = readAuthSecret()): string | null {
  const link = readOrderLink(token, now, secret)
  return link?.scope === 'act' ? link.reference : null
}

/**
 * A link to one photo of a device, for the e-mails and the seller's page: `<photo id>.<expiry>.<signature>`,
 * signed with a key of its own, so that a photo forwarded to a friend opens that photo and never
 * the order (its offer, its cancelling, its bank details) nor another photo.
 */
export function photoToken(photoId: string, now = Date.now(), secret = readAuthSecret()): string {
  const payload = `${photoId}.${Math.floor(now / 1000) + ORDER_LINK_DAYS * 24 * 3600}`
  return `${payload}.${mac(payload, secret, PHOTO_LINK)}`
}

/** Whether `token` grants the photo `photoId`: signed for it, whole, and not expired. */
export function readPhotoToken(token: string, photoId: string, now = Date.now(), secret = readAuthSecret()): boolean {
  const [id, expires, signature, ...rest] = token.split('.')
  if (rest.length || id !== photoId || !expires || !signature || !/^\d{1,12}$/.test(expires)) return false
  const expected = Buffer.from(mac(`${id}.${expires}`, secret, PHOTO_LINK))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) && Number(expires) * 1000 > now
}

/** A photo's address with its grant: what the seller's page and e-mails link to. */
export function signedPhotoPath(photoId: string): string {
  return photoPath(photoId, photoToken(photoId))
}

/**
 * The link in a staff offer's e-mail (web/orders/manual-offers/): `<offer id>.<expiry>.<signature>`,
 * signed with a key of its own, so that it opens that offer and nothing else; it expires with the offer.
 */
export function offerToken(offerId: string, expiresAt: Date, secret = readAuthSecret()): string {
  const payload = `${offerId}.${Math.ceil(expiresAt.getTime() / 1000)}`
  return `${payload}.${mac(payload, secret, OFFER_LINK)}`
}

/** The offer a token opens, or null when it is forged, damaged or expired. */
export function readOfferToken(token: string, now = Date.now(), secret = readAuthSecret()): string | null {
  const [id, expires, signature, ...rest] = token.split('.')
  if (rest.length || !id || !expires || !signature || !/^\d{1,12}$/.test(expires)) return null
  const expected = Buffer.from(mac(`${id}.${expires}`, secret, OFFER_LINK))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return Number(expires) * 1000 > now ? id : null
}

const ORDER_LINK = 'handback order link'
const PHOTO_LINK = 'handback photo link'
const OFFER_LINK = 'handback staff offer link'

function mac(payload: string, secret: string, purpose = ORDER_LINK): string {
  const key = createHmac('sha256', secret).update(purpose).digest()
  return createHmac('sha256', key).update(payload).digest('base64url')
}
