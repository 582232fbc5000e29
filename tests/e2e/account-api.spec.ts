import { expect, test, type APIRequestContext } from '@playwright/test'
import { Client } from 'pg'
import { testClientAddress } from '../support/e2e-env'
import { linkIn, mailTo, newSeller } from './account-helpers'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

const ENDPOINTS = [
  '/api/account/sign-up',
  '/api/account/login',
  '/api/account/forgot-password',
  '/api/account/reset-password',
  '/api/account/change-password',
  '/api/account/delete',
  '/api/account/resend-verification',
  '/api/account/sign-out',
]

function post(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) {
  return request.post(path, { data, headers: { 'x-forwarded-for': testClientAddress(), ...headers } })
}

test('bad input is refused with a 4xx and the words of the form, never a 5xx', async ({ request }) => {
  const cases: Array<[path: string, body: unknown, status: number, code: string, message: RegExp]> = [
    [
      '/api/account/sign-up',
      { name: 'A', email: 'no-at-sign', password: 'cobalt pillow harvest' },
      422,
      'emailInvalid',
      /like name@example\.co\.uk/,
    ],
    [
      '/api/account/sign-up',
      { name: 'A', email: 'a@b', password: 'cobalt pillow harvest' },
      422,
      'emailInvalid',
      /e-mail address/,
    ],
    [
      '/api/account/sign-up',
      { name: '<img src=x onerror=alert(1)>', email: 'a@example.com', password: 'cobalt pillow harvest' },
      422,
      'nameInvalid',
      /without/,
    ],
    [
      '/api/account/sign-up',
      { name: 'A', email: 'a@example.com', password: 'x'.repeat(200) },
      422,
      'passwordTooLong',
      /128 characters or fewer/,
    ],
    [
      '/api/account/sign-up',
      { name: 'A', email: 'a@example.com', password: 'passwordpassword' },
      422,
      'passwordCommon',
      /most used/,
    ],
    ['/api/account/login', { email: 'a@example.com' }, 422, 'passwordMissing', /Enter your password/],
    [
      '/api/account/login',
      { email: ['a@example.com'], password: 42 },
      422,
      'emailMissing',
      /Enter your e-mail address/,
    ],
    [
      '/api/account/reset-password',
      { token: 'made-up-token', password: 'cobalt pillow harvest' },
      400,
      'linkInvalid',
      /used or has expired/,
    ],
    ['/api/account/reset-password', { password: 'cobalt pillow harvest' }, 400, 'linkInvalid', /used or has expired/],
  ]
  for (const [path, body, status, code, message] of cases) {
    const response = await post(request, path, body)
    const answer = await response.json()
    expect(response.status(), `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(status)
    expect(answer).toMatchObject({ ok: false, code })
    expect(answer.message).toMatch(message)
  }

  // A 10 kB password is refused while reading, before any hashing.
  const huge = await post(request, '/api/account/login', { email: 'a@example.com', password: 'x'.repeat(10_240) })
  expect(huge.status()).toBe(413)
  const malformed = await request.post('/api/account/login', {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientAddress() },
    data: Buffer.from('{"email":'),
  })
  expect(malformed.status()).toBe(400)
  const wrongType = await request.post('/api/account/login', {
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': testClientAddress() },
    data: 'email=a',
  })
  expect(wrongType.status()).toBe(415)
})

test('a post from another site is refused by every account endpoint', async ({ request }) => {
  for (const path of ENDPOINTS) {
    const response = await post(request, path, {}, { origin: 'https://evil.example' })
    expect(response.status(), path).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'crossOrigin', message: expect.stringMatching(/our own site/) })
  }
})

test('50 rapid logins from one address: ten are checked, the rest wait, and the owner gets back in with a reset', async ({
  request,
}) => {
  const seller = newSeller('limits')
  await post(request, '/api/account/sign-up', seller)
  const attacker = testClientAddress()
  const statuses: number[] = []
  for (let i = 0; i < 50; i++) {
    // A rotated X-Forwarded-For: the proxy's own entry (the right-most) is what counts.
    const response = await post(
      request,
      '/api/account/login',
      { email: seller.email, password: `guess number ${i} here` },
      { 'x-forwarded-for': `203.0.113.${i}, ${attacker}` },
    )
    statuses.push(response.status())
    if (response.status() === 429) {
      expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0)
      expect((await response.json()).message).toMatch(/^Too many attempts\. Wait \d+ seconds/)
    }
  }
  expect(statuses.filter((s) => s === 401)).toHaveLength(10)
  expect(statuses.filter((s) => s === 429)).toHaveLength(40)
  expect(statuses.some((s) => s >= 500)).toBe(false)

  // Another client is not held back by the attacker's address…
  const bystander = newSeller('bystander')
  await post(request, '/api/account/sign-up', bystander)
  const other = await post(request, '/api/account/login', { email: bystander.email, password: bystander.password })
  expect(other.status()).toBe(200)
  // …but ten wrong passwords slow the seller's account down, wherever the logins come from.
  const own = await post(request, '/api/account/login', { email: seller.email, password: seller.password })
  expect(own.status()).toBe(429)
  // Not a lock-out: the owner resets the password from their mailbox and is in at once.
  await post(request, '/api/account/forgot-password', { email: seller.email })
  const token = linkIn(await mailTo(seller.email, /^Reset your Handback password$/), '/set-new-password?token=').split(
    'token=',
  )[1]!
  const reset = await post(request, '/api/account/reset-password', { token, password: 'brand new three words' })
  expect(reset.status()).toBe(200)
  const after = await post(request, '/api/account/login', { email: seller.email, password: 'brand new three words' })
  expect(after.status()).toBe(200)
  expect(await after.json()).toEqual({ ok: true, redirect: '/profile' })
})

test('unknown and known addresses get the same answers', async ({ request }) => {
  const known = newSeller('same')
  const unknown = newSeller('nobody')
  const first = await post(request, '/api/account/sign-up', known)
  const again = await post(request, '/api/account/sign-up', known)
  expect([first.status(), await first.json()]).toEqual([again.status(), await again.json()])

  const wrongPassword = await post(request, '/api/account/login', { email: known.email, password: 'wrong words here' })
  const noAccount = await post(request, '/api/account/login', { email: unknown.email, password: 'wrong words here' })
  expect(wrongPassword.status()).toBe(401)
  expect([noAccount.status(), await noAccount.json()]).toEqual([wrongPassword.status(), await wrongPassword.json()])

  const resetKnown = await post(request, '/api/account/forgot-password', { email: known.email })
  const resetUnknown = await post(request, '/api/account/forgot-password', { email: unknown.email })
  expect([resetUnknown.status(), await resetUnknown.json()]).toEqual([resetKnown.status(), await resetKnown.json()])
})

test('the session cookie is HttpOnly and SameSite=Lax, and account answers are never cached', async ({
  request,
  playwright,
}) => {
  const seller = newSeller('cookie')
  await post(request, '/api/account/sign-up', seller)
  const response = await post(request, '/api/account/login', { ...seller, rememberMe: true })
  const cookie = response.headersArray().find((h) => h.name === 'set-cookie' && h.value.includes('session_token'))
  expect(cookie?.value).toMatch(/HttpOnly/)
  expect(cookie?.value).toMatch(/SameSite=Lax/)
  expect(cookie?.value).toMatch(/Max-Age=\d{7}/)
  expect(response.headers()['cache-control']).toBe('no-store')
  const signedIn = await request.get('/api/account/data')
  expect(signedIn.headers()['cache-control']).toBe('private, no-store')
  expect(await signedIn.json()).toMatchObject({ account: { email: seller.email } })
  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  expect((await stranger.get('/api/account/data')).status()).toBe(401)
  await stranger.dispose()
})

test('an expired reset link is refused like a used one', async ({ request }) => {
  // The token's expiry is set in the database, which only the PostgreSQL run can reach while the
  // server holds it (PGlite serves one process).
  const databaseUrl = process.env.E2E_DATABASE_URL
  test.skip(!databaseUrl, 'needs the server on PostgreSQL (CI runs the account specs there too)')
  const seller = newSeller('expired')
  await post(request, '/api/account/sign-up', seller)
  await post(request, '/api/account/forgot-password', { email: seller.email })
  const token = linkIn(await mailTo(seller.email, /^Reset your Handback password$/), '/set-new-password?token=').split(
    'token=',
  )[1]!
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const expired = await client.query(
      `UPDATE verification SET expires_at = now() - interval '1 second' WHERE identifier = $1`,
      [`reset-password:${decodeURIComponent(token)}`],
    )
    expect(expired.rowCount).toBe(1)
  } finally {
    await client.end()
  }
  const response = await post(request, '/api/account/reset-password', { token, password: 'brand new three words' })
  expect(response.status()).toBe(400)
  expect(await response.json()).toMatchObject({ code: 'linkInvalid' })
})
