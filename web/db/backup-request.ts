import 'server-only'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'

/**
 * Asking a running site for its PGlite copy. The copy holds every person's data, so the request
 * must come from someone who holds the site's secret: `npm run db:backup` on the site's machine,
 * which reads it from the same place the site does. The proof is an HMAC, under a key derived from
 * the secret for this one purpose, of a time and a random nonce: good for a minute, and once.
 */
const PURPOSE = 'handback database backup request'
export const REQUEST_LIFETIME_MS = 60_000

function mac(stamp: string, secret: string): string {
  const key = createHmac('sha256', secret).update(PURPOSE).digest()
  return createHmac('sha256', key).update(stamp).digest('base64url')
}

/** The Authorization header's value for one request, made now. */
export function signBackupRequest(now = Date.now(), secret = readAuthSecret()): string {
  const stamp = `${now}.${randomBytes(16).toString('base64url')}`
  return `Backup ${stamp}.${mac(stamp, secret)}`
}

// Nonces seen within their lifetime, in this process (the only process a PGlite site runs in).
const seen = new Map<string, number>()

export type RequestCheck = 'ok' | 'missing' | 'invalid' | 'expired' | 'replayed'

/** Whether an Authorization header proves the secret, now, for the first time. */
export function checkBackupRequest(header: string | null, now = Date.now(), secret = readAuthSecret()): RequestCheck {
  const match = /^Backup (\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(header ?? '')
  if (!header) return 'missing'
  if (!match) return 'invalid'
  const [, time, nonce, signature] = match as unknown as [string, string, string, string]
  const expected = Buffer.from(mac(`${time}.${nonce}`, secret))
  if (!timingSafeEqual(Buffer.from(signature), expected)) return 'invalid'
  if (Math.abs(now - Number(time)) > REQUEST_LIFETIME_MS) return 'expired'
  for (const [old, at] of seen) if (now - at > 2 * REQUEST_LIFETIME_MS) seen.delete(old)
  if (seen.has(nonce)) return 'replayed'
  seen.set(nonce, now)
  return 'ok'
}
