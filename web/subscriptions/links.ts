import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'

/**
 * The links in subscription e-mails. Confirming needs the random token e-mailed to the address
 * (only its hash is stored). Unsubscribing needs the subscription's id signed with a key derived
 * from the site's secret: it never expires, as an old e-mail's link must still work, and it can do
 * one thing only, end that one subscription.
 */
export function confirmPath(token: string): string {
  return `/confirm-subscription?token=${encodeURIComponent(token)}`
}

/** The page with the unsubscribe button, for the link in the e-mail's words. */
export function unsubscribePath(id: string, secret?: string): string {
  return `/unsubscribe?${unsubscribeQuery(id, secret)}`
}

/** Where a mail client posts "List-Unsubscribe=One-Click" (RFC 8058): no page, no login. */
export function oneClickPath(id: string, secret?: string): string {
  return `/api/unsubscribe?${unsubscribeQuery(id, secret)}`
}

function unsubscribeQuery(id: string, secret = readAuthSecret()): string {
  return new URLSearchParams({ s: id, t: mac(id, secret) }).toString()
}

/** The subscription id an unsubscribe link names, or null when its signature is wrong. */
export function readUnsubscribeLink(
  query: { s?: string | null; t?: string | null },
  secret = readAuthSecret(),
): string | null {
  const { s: id, t: signature } = query
  if (!id || !signature || !/^[0-9a-f-]{36}$/i.test(id)) return null
  const expected = Buffer.from(mac(id, secret))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
}

function mac(id: string, secret: string): string {
  const key = createHmac('sha256', secret).update('handback unsubscribe link').digest()
  return createHmac('sha256', key).update(id.toLowerCase()).digest('base64url')
}
