import 'server-only'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { readAuthSecret } from '@/config/secrets'
import { getDb } from '@/db/connection'
import { user, verification } from '@/db/schema'
import { deviceCookieHeader, deviceCookieOf, deviceNonce } from './device-cookie'
import { accountLimits as limits } from './limits'

export type CodeAccount = { id: string; email: string }
export type CodeAllowance = { ok: true; wrong: () => Promise<void> } | { ok: false; wait: number }

/**
 * One limit for every code tried for an account, at every step (the sign-in step's app or backup
 * code, the set-up's first code), counted OWASP's device-cookie way as passwords are
 * (web/accounts/device-cookie.ts): a browser that passed a code for this account before has its
 * own count; every other browser shares the account's "strangers" count, whatever its address. So
 * whoever has the password and guesses codes from many addresses is held back at 5 wrong codes in
 * 15 minutes, and their guessing never locks out the owner's browser.
 */
export async function codeAllowance(account: CodeAccount, headers: Headers): Promise<CodeAllowance> {
  const nonce = deviceNonce(deviceCookieOf(headers, 'code'), account.email, undefined, 'code')
  if (nonce && (await limits.codeFailuresPerDevice.check(nonce)).allowed) {
    return { ok: true, wrong: () => limits.codeFailuresPerDevice.record(nonce) }
  }
  const strangers = `code:${account.id}`
  const quota = await limits.codeFailuresPerAccount.check(strangers)
  if (!quota.allowed) return { ok: false, wait: quota.retryAfter }
  return { ok: true, wrong: () => limits.codeFailuresPerAccount.record(strangers) }
}

/** The cookie that marks this browser as one that passed a code for the account. */
export function codeDeviceCookie(email: string): string {
  return deviceCookieHeader(email, undefined, 'code')
}

const CHALLENGE_COOKIES = ['better-auth.two_factor', '__Secure-better-auth.two_factor']
const SESSION_COOKIE = /^(__Secure-)?better-auth\.session_(token|data)$/

/**
 * Whose sign-in step this request is at: the account named by better-auth's signed two-factor
 * cookie (its first step's record), or null when there is none or it is not one the site signed.
 */
export async function challengeAccount(headers: Headers): Promise<CodeAccount | null> {
  const raw = cookiesOf(headers).find(([name]) => CHALLENGE_COOKIES.includes(name))?.[1]
  const value = raw ? decoded(raw) : null
  if (!value) return null
  const dot = value.lastIndexOf('.')
  const identifier = value.slice(0, dot)
  const signature = Buffer.from(value.slice(dot + 1))
  const expected = Buffer.from(createHmac('sha256', readAuthSecret()).update(identifier).digest('base64'))
  if (dot < 1 || signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null
  const db = await getDb()
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, identifier))
  return row ?? null
}

/** Whether the request carries a session cookie, valid or not (an emptied one is none). */
export function carriesSession(headers: Headers): boolean {
  return cookiesOf(headers).some(([name, value]) => SESSION_COOKIE.test(name) && value !== '')
}

/** The same headers without any session cookie: what the sign-in step hands better-auth. */
export function withoutSession(headers: Headers): Headers {
  const kept = new Headers(headers)
  const cookies = cookiesOf(headers).filter(([name]) => !SESSION_COOKIE.test(name))
  kept.set('cookie', cookies.map(([name, value]) => `${name}=${value}`).join('; '))
  return kept
}

function cookiesOf(headers: Headers): Array<[string, string]> {
  return (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=')
      const name = at < 0 ? part : part.slice(0, at)
      return [name, at < 0 ? '' : part.slice(at + 1)] as [string, string]
    })
}

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}
