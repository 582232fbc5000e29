import 'server-only'
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'
import type { Env } from '@/config'
import { CHECKOUT_FIELDS } from '@/orders/checkout-validation'
import { arrivedOverHttps } from '@/http/https'

/**
 * What a seller typed at checkout, kept for a quarter of an hour in a cookie only the checkout
 * page reads, when a form posted without scripts comes back with problems: the page shows it
 * again instead of an empty form. Never the bank account's numbers, and nothing once the order
 * is placed. Sealed with AES-256-GCM under a key derived from the server's secret, so the cookie
 * shows nothing of what it holds, and one that was changed, made elsewhere or is too old is ignored.
 */
export const TYPED_COOKIE = 'hb_checkout_typed'
const KEPT: readonly string[] = CHECKOUT_FIELDS.filter((field) => field !== 'sortCode' && field !== 'accountNumber')
const PATH = '/complete-order'
const MAX_AGE_SECONDS = 900
const VERSION = 'v1'

type Options = { env?: Env; now?: Date }

// Derived, not the secret itself: a key for this cookie alone, which opens nothing else.
const keys = new Map<string, Buffer>()
function typedKey(env: Env | undefined): Buffer {
  const secret = readAuthSecret(env)
  let key = keys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'handback', 'checkout typed cookie v1', 32))
    keys.clear()
    keys.set(secret, key)
  }
  return key
}

const attributes = (maxAge: number, request: Request) =>
  `Path=${PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${arrivedOverHttps(request) ? '; Secure' : ''}`

export function keepTypedCookie(
  body: Record<string, string>,
  request: Request,
  { env, now = new Date() }: Options = {},
): string {
  const kept = Object.fromEntries(KEPT.flatMap((field) => (body[field] ? [[field, body[field].slice(0, 200)]] : [])))
  const payload = JSON.stringify({ until: now.getTime() + MAX_AGE_SECONDS * 1000, kept })
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', typedKey(env), iv)
  cipher.setAAD(Buffer.from(`${TYPED_COOKIE}.${VERSION}`))
  const sealed = Buffer.concat([iv, cipher.update(payload, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${TYPED_COOKIE}=${VERSION}.${sealed.toString('base64url')}; ${attributes(MAX_AGE_SECONDS, request)}`
}

export function clearTypedCookie(request: Request): string {
  return `${TYPED_COOKIE}=; ${attributes(0, request)}`
}

/** The fields kept by `keepTypedCookie`, or nothing when the cookie is missing, damaged, foreign or old. */
export function readTypedCookie(
  value: string | undefined,
  { env, now = new Date() }: Options = {},
): Record<string, string> {
  if (!value?.startsWith(`${VERSION}.`)) return {}
  try {
    const sealed = Buffer.from(value.slice(VERSION.length + 1), 'base64url')
    if (sealed.length < 12 + 16) return {}
    const decipher = createDecipheriv('aes-256-gcm', typedKey(env), sealed.subarray(0, 12))
    decipher.setAAD(Buffer.from(`${TYPED_COOKIE}.${VERSION}`))
    decipher.setAuthTag(sealed.subarray(-16))
    const text = Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString('utf8')
    const { until, kept } = JSON.parse(text) as { until?: unknown; kept?: unknown }
    if (typeof until !== 'number' || until < now.getTime() || !kept || typeof kept !== 'object') return {}
    return Object.fromEntries(
      Object.entries(kept).filter(
        ([key, field]) => KEPT.includes(key) && typeof field === 'string' && field.length <= 200,
      ),
    ) as Record<string, string>
  } catch {
    return {}
  }
}
