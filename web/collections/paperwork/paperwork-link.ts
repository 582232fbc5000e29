/**
 * The signed links to a collection's private paperwork (its waste transfer note, which carries the
 * business's address, its itemised report, which says what each device was worth, and its
 * certificate's PDF with every IMEI whole, which the public check shows by its last digits only):
 * `<number>.<expiry>.<signature>` in the `key`, signed with a key of each kind's own derived from the
 * site's secret (as an order's links are, web/orders/record/order-token.ts), so a link opens that one
 * document and nothing else, for as long as it must be kept.
 */
import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'

/** The paperwork is kept two years: its links work for as long. */
export const PAPERWORK_LINK_DAYS = 731

/** Each kind's own purpose: a key made for one kind of document opens no other. */
const PURPOSE = {
  'waste-note': 'handback waste transfer note link',
  report: 'handback collection report link',
  certificate: 'handback collection certificate link',
} as const

export type PrivatePaperwork = keyof typeof PURPOSE

function mac(kind: PrivatePaperwork, payload: string, secret: string): string {
  const key = createHmac('sha256', secret).update(PURPOSE[kind]).digest()
  return createHmac('sha256', key).update(payload).digest('base64url')
}

export function paperworkToken(
  kind: PrivatePaperwork,
  number: string,
  now = Date.now(),
  secret = readAuthSecret(),
): string {
  const payload = `${number}.${Math.floor(now / 1000) + PAPERWORK_LINK_DAYS * 24 * 3600}`
  return `${payload}.${mac(kind, payload, secret)}`
}

/** Whether `token` grants the document of this kind and `number`: signed for it, whole, and not expired. */
export function readPaperworkToken(
  kind: PrivatePaperwork,
  token: string,
  number: string,
  now = Date.now(),
  secret = readAuthSecret(),
): boolean {
  const [id, expires, signature, ...rest] = token.split('.')
  if (rest.length || id !== number || !expires || !signature || !/^\d{1,12}$/.test(expires)) return false
  const expected = Buffer.from(mac(kind, `${id}.${expires}`, secret))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) && Number(expires) * 1000 > now
}
