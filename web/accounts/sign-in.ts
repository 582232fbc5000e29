import 'server-only'
import { isAPIError } from 'better-auth/api'
import { getAuth } from './auth'
import { deviceCookieHeader, deviceCookieOf, deviceNonce } from './device-cookie'
import { accountLimits as limits } from './limits'

export type PasswordSignIn =
  | { ok: true; setCookies: string[]; twoFactor: boolean }
  | { ok: false; problem: 'wrong' }
  | { ok: false; problem: 'tooMany'; wait: number }

/**
 * Checks an account's password and signs the browser in (or, with two-step login on, on to the
 * second step): the one way a password is tried, from the login form and from the e-mail
 * confirmation alike, so both count toward the same limits.
 *
 * Failures are counted OWASP's device-cookie way (web/accounts/device-cookie.ts). A browser with a
 * valid device cookie for this account is counted on its own: past 10 wrong passwords in 15 minutes
 * that cookie is no longer trusted, and the browser is a stranger. Strangers share one count per
 * account: past 10 wrong passwords in 15 minutes, strangers wait (429), whatever their addresses,
 * while the owner's browser still logs in. A right password gives the browser a fresh device cookie.
 */
export async function signInWithPassword(
  input: { email: string; password: string; rememberMe: boolean },
  headers: Headers,
): Promise<PasswordSignIn> {
  const strangers = `login:${input.email}`
  const nonce = deviceNonce(deviceCookieOf(headers), input.email)
  const device = nonce && (await limits.loginFailuresPerDevice.check(nonce)).allowed ? nonce : null
  if (!device) {
    const quota = await limits.loginFailuresPerAccount.check(strangers)
    if (!quota.allowed) return { ok: false, problem: 'tooMany', wait: quota.retryAfter }
  }
  const auth = await getAuth()
  try {
    const signedIn = await auth.api.signInEmail({ body: input, headers, returnHeaders: true })
    const twoFactor = Boolean((signedIn.response as { twoFactorRedirect?: boolean }).twoFactorRedirect)
    const setCookies = [...(signedIn.headers?.getSetCookie() ?? []), deviceCookieHeader(input.email)]
    return { ok: true, setCookies, twoFactor }
  } catch (error) {
    // Compared by shape: the class better-auth throws is not always the one this module imports.
    if (!isAPIError(error)) throw error
    // Unknown address, wrong password, banned: one answer, so nobody learns which addresses exist.
    if (device) await limits.loginFailuresPerDevice.record(device)
    else await limits.loginFailuresPerAccount.record(strangers)
    return { ok: false, problem: 'wrong' }
  }
}
