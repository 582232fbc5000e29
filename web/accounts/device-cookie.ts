import 'server-only'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'

/**
 * Device cookies, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser
 * that has logged in to an account before carries a cookie, signed by the site, naming that account
 * (by an HMAC of its address, never the address) and a random nonce. Its failed logins are counted
 * against that cookie alone; everyone else's against the account's "strangers" count. So ten wrong
 * passwords from strangers, from any number of addresses, hold back only strangers: the owner's
 * browser logs in as ever (web/accounts/sign-in.ts).
 */
export const DEVICE_COOKIE = 'handback.device'
/**
 * The same design for the second step: a browser that passed a code for the account before (a
 * password alone proves nothing there, as whoever guesses codes already has it). Its own cookie,
 * signed for its own purpose, so a password-only login never earns the code step's allowance.
 */
export const CODE_DEVICE_COOKIE = 'handback.device.code'
/** A year, as OWASP suggests: long enough that an owner's browser is known when it matters. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60

/** Which step a device cookie vouches for: the password, or the code after it. */
export type DeviceStep = 'password' | 'code'
const COOKIES: Record<DeviceStep, string> = { password: DEVICE_COOKIE, code: CODE_DEVICE_COOKIE }
const PURPOSES: Record<DeviceStep, string> = {
  password: 'handback device cookie v1',
  code: 'handback second-step device cookie v1',
}

function key(secret: string, step: DeviceStep): Buffer {
  return createHmac('sha256', secret).update(PURPOSES[step]).digest()
}

function accountTag(secret: string, email: string, step: DeviceStep): string {
  return createHmac('sha256', key(secret, step)).update(`account:${email.trim().toLowerCase()}`).digest('base64url')
}

function sign(secret: string, payload: string, step: DeviceStep): string {
  return createHmac('sha256', key(secret, step)).update(`cookie:${payload}`).digest('base64url')
}

/** A new device cookie's value for the account, with a fresh nonce. */
export function deviceCookieValue(email: string, secret = readAuthSecret(), step: DeviceStep = 'password'): string {
  const payload = `${accountTag(secret, email, step)}.${randomBytes(16).toString('base64url')}`
  return `${payload}.${sign(secret, payload, step)}`
}

/**
 * The nonce of a device cookie this site signed for this account, or null: a cookie for another
 * account, a forged or altered one, or none at all is a stranger's.
 */
export function deviceNonce(
  value: string | undefined,
  email: string,
  secret = readAuthSecret(),
  step: DeviceStep = 'password',
): string | null {
  if (!value || value.length > 200) return null
  const [tag, nonce, signature, ...rest] = value.split('.')
  if (!tag || !nonce || !signature || rest.length) return null
  const expected = Buffer.from(sign(secret, `${tag}.${nonce}`, step))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return tag === accountTag(secret, email, step) ? nonce : null
}

/** The Set-Cookie header that gives this browser a device cookie for the account. */
export function deviceCookieHeader(email: string, secret = readAuthSecret(), step: DeviceStep = 'password'): string {
  return `${COOKIES[step]}=${deviceCookieValue(email, secret, step)}; Path=/; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Lax`
}

/** The device cookie a request carries, if any. */
export function deviceCookieOf(headers: Pick<Headers, 'get'>, step: DeviceStep = 'password'): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === COOKIES[step]) return value.join('=')
  }
  return undefined
}
