/**
 * The link to a collection's waste transfer note, which carries the business's address: `<number>.
 * <expiry>.<signature>` in its `key`, signed with a key of its own derived from the site's secret
 * (as an order's links are, web/orders/record/order-token.ts), so it opens that note and nothing
 * else, for as long as the note must be kept. Staff open it signed in; anyone else gets a 404.
 */
import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'
import { formatCertificateCode } from '@/stock/certificate-code'

/** A waste transfer note is kept two years: its link works for as long. */
export const WASTE_NOTE_LINK_DAYS = 731

const PURPOSE = 'handback waste transfer note link'

function mac(payload: string, secret: string): string {
  const key = createHmac('sha256', secret).update(PURPOSE).digest()
  return createHmac('sha256', key).update(payload).digest('base64url')
}

export function wasteNoteToken(number: string, now = Date.now(), secret = readAuthSecret()): string {
  const payload = `${number}.${Math.floor(now / 1000) + WASTE_NOTE_LINK_DAYS * 24 * 3600}`
  return `${payload}.${mac(payload, secret)}`
}

/** Whether `token` grants the note `number`: signed for it, whole, and not expired. */
export function readWasteNoteToken(
  token: string,
  number: string,
  now = Date.now(),
  secret = readAuthSecret(),
): boolean {
  const [id, expires, signature, ...rest] = token.split('.')
  if (rest.length || id !== number || !expires || !signature || !/^\d{1,12}$/.test(expires)) return false
  const expected = Buffer.from(mac(`${id}.${expires}`, secret))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) && Number(expires) * 1000 > now
}

/** The note's address: for staff as it is, for the business's e-mail with its signed key. */
export function wasteNotePath(number: string, key?: string): string {
  const path = `/waste-transfer-notes/${formatCertificateCode(number)}`
  return key ? `${path}?key=${encodeURIComponent(key)}` : path
}
