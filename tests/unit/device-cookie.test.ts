import { deviceCookieHeader, deviceCookieOf, deviceCookieValue, deviceNonce } from '@/accounts/device-cookie'
import { SECOND_STEP_PATHS, sessionOrigin } from '@/accounts/second-factor'

const SECRET = 'device-cookie-test-secret-0123456789abcdef'
const OWNER = 'owner@example.com'

test('a device cookie the site signed for an account is that account’s, and only its', () => {
  const value = deviceCookieValue(OWNER, SECRET)
  expect(deviceNonce(value, OWNER, SECRET)).toMatch(/^[\w-]{20,}$/)
  // The address is compared as logins give it, and never written in the cookie.
  expect(deviceNonce(value, ' Owner@Example.com', SECRET)).toBe(deviceNonce(value, OWNER, SECRET))
  expect(value).not.toContain('owner')
  expect(deviceNonce(value, 'someone.else@example.com', SECRET)).toBeNull()
  // Each login gets a cookie of its own.
  expect(deviceNonce(deviceCookieValue(OWNER, SECRET), OWNER, SECRET)).not.toBe(deviceNonce(value, OWNER, SECRET))
})

test('a forged, altered or foreign device cookie is a stranger’s', () => {
  const value = deviceCookieValue(OWNER, SECRET)
  const [tag, nonce, signature] = value.split('.') as [string, string, string]
  expect(deviceNonce(`${tag}.${nonce}x.${signature}`, OWNER, SECRET)).toBeNull()
  expect(deviceNonce(`${tag}.${nonce}.${signature.slice(1)}`, OWNER, SECRET)).toBeNull()
  expect(deviceNonce(`${tag}.${nonce}`, OWNER, SECRET)).toBeNull()
  expect(deviceNonce(`${value}.more`, OWNER, SECRET)).toBeNull()
  expect(deviceNonce(deviceCookieValue(OWNER, 'another-sites-secret-0123456789abcdef'), OWNER, SECRET)).toBeNull()
  expect(deviceNonce(undefined, OWNER, SECRET)).toBeNull()
  expect(deviceNonce('x'.repeat(500), OWNER, SECRET)).toBeNull()
})

test('the cookie is HttpOnly, lasts a year and is read back from a Cookie header', () => {
  const header = deviceCookieHeader(OWNER, SECRET)
  expect(header).toMatch(/^handback\.device=[\w.-]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/)
  const value = header.split(';')[0]!.split('=')[1]!
  expect(deviceCookieOf(new Headers({ cookie: `a=1; handback.device=${value}; b=2` }))).toBe(value)
  expect(deviceCookieOf(new Headers({ cookie: 'a=1' }))).toBeUndefined()
})

test('only the second step marks a session; a password change carries the old session’s over', () => {
  const now = new Date(Date.UTC(2026, 10, 26, 12))
  const loggedIn = new Date(Date.UTC(2026, 10, 26, 5))
  for (const path of SECOND_STEP_PATHS) expect(sessionOrigin(path, null, now)).toEqual({ secondFactorAt: now })
  expect(sessionOrigin('/sign-in/email', null, now)).toEqual({ secondFactorAt: null })
  expect(sessionOrigin(undefined, null, now)).toEqual({ secondFactorAt: null })
  expect(sessionOrigin('/change-password', { createdAt: loggedIn, secondFactorAt: loggedIn }, now)).toEqual({
    createdAt: loggedIn,
    secondFactorAt: loggedIn,
  })
  expect(sessionOrigin('/change-password', { createdAt: loggedIn, secondFactorAt: null }, now)).toEqual({
    createdAt: loggedIn,
    secondFactorAt: null,
  })
})

test('a password login’s device cookie is no proof at the code step, and the code step’s is its own', () => {
  // Whoever guesses codes already has the password, and with it a password device cookie.
  const password = deviceCookieValue(OWNER, SECRET, 'password')
  const code = deviceCookieValue(OWNER, SECRET, 'code')
  expect(deviceNonce(password, OWNER, SECRET, 'code')).toBeNull()
  expect(deviceNonce(code, OWNER, SECRET, 'password')).toBeNull()
  expect(deviceNonce(code, OWNER, SECRET, 'code')).toMatch(/^[\w-]{20,}$/)
  const header = deviceCookieHeader(OWNER, SECRET, 'code')
  expect(header).toMatch(/^handback\.device\.code=[^;]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/)
  const value = header.split(';')[0]!.split('=').slice(1).join('=')
  const headers = new Headers({ cookie: `handback.device=${password}; handback.device.code=${value}` })
  expect(deviceCookieOf(headers, 'code')).toBe(value)
  expect(deviceCookieOf(headers, 'password')).toBe(password)
})
