import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'

/** How long a link to an order works: the e-mails' links, the tracker's answer, the receipt. */
export const ORDER_LINK_DAYS = 120

/**
 * A link that opens one order without signing in: its reference and an expiry, signed with a key
 * derived from the site's secret. It grants what knowing the reference and the e-mail address
 * grants (seeing the order, answering its offer, cancelling it before it arrives), and no more.
 */
export function orderToken(reference: string, now = Date.now(), secret = readAuthSecret()): string {
  const expires = Math.floor(now / 1000) + ORDER_LINK_DAYS * 24 * 3600
  return `${reference}.${expires}.${mac(`${reference}.${expires}`, secret)}`
}

const ORDER_PAGES = { details: '/order-tracker-details', receipt: '/order-successful' } as const
export type OrderPage = keyof typeof ORDER_PAGES

/** The address of an order's page that opens without signing in: the one place such a link is built. */
export function orderPath(reference: string, page: OrderPage = 'details'): string {
  return tokenPath(orderToken(reference), page)
}

/** The same address for a token already given (the one in the page's own address, say). */
export function tokenPath(token: string, page: OrderPage = 'details'): string {
  return `${ORDER_PAGES[page]}?order=${encodeURIComponent(token)}`
}

/** The reference a token opens, or null when it is forged, damaged or expired. */
export function readOrderToken(token: string, now = Date.now(), secret = readAuthSecret()): string | null {
  const parts = token.split('.')
  const [reference, expires, signature] = parts
  if (parts.length !== 3 || !reference || !expires || !signature || !/^\d{1,12}$/.test(expires)) return null
  const expected = Buffer.from(mac(`${reference}.${expires}`, secret))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return Number(expires) * 1000 > now ? reference : null
}

function mac(payload: string, secret: string): string {
  const key = createHmac('sha256', secret).update('handback order link').digest()
  return createHmac('sha256', key).update(payload).digest('base64url')
}
