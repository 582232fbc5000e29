import { CHECKOUT_FIELDS } from '@/lib/forms/checkout-validation'

/**
 * What a seller typed at checkout, kept for a quarter of an hour in a cookie only the checkout
 * page reads, when a form posted without scripts comes back with problems: the page shows it
 * again instead of an empty form. Never the bank account's numbers, and nothing once the order
 * is placed.
 */
export const TYPED_COOKIE = 'hb_checkout_typed'
const KEPT: readonly string[] = CHECKOUT_FIELDS.filter((field) => field !== 'sortCode' && field !== 'accountNumber')
const PATH = '/complete-order'

export function keepTypedCookie(body: Record<string, string>): string {
  const kept = Object.fromEntries(KEPT.flatMap((field) => (body[field] ? [[field, body[field].slice(0, 200)]] : [])))
  const value = Buffer.from(JSON.stringify(kept)).toString('base64url')
  return `${TYPED_COOKIE}=${value}; Path=${PATH}; Max-Age=900; HttpOnly; SameSite=Lax`
}

export const CLEAR_TYPED_COOKIE = `${TYPED_COOKIE}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax`

/** The fields kept by `keepTypedCookie`, or nothing when the cookie is missing or damaged. */
export function readTypedCookie(value: string | undefined): Record<string, string> {
  if (!value) return {}
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
    if (!parsed || typeof parsed !== 'object') return {}
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([key, field]) => KEPT.includes(key) && typeof field === 'string' && field.length <= 200,
      ),
    ) as Record<string, string>
  } catch {
    return {}
  }
}
