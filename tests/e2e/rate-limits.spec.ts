import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import { startSiteCopy, type SiteCopy } from '../support/site-copy'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only: run once'))

const wrongLogin = (origin: string, email: string, forwardedFor: string, proto?: string) =>
  fetch(`${origin}/api/account/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
      ...(proto ? { 'x-forwarded-proto': proto } : {}),
    },
    body: JSON.stringify({ email, password: 'not the password at all' }),
  })

let direct: SiteCopy | undefined
test.afterAll(() => direct?.stop())

test('reached directly, a client that writes a new X-Forwarded-For for each of 40 logins is still limited', async () => {
  test.setTimeout(120_000)
  // The site as `npm start` serves it with no proxy in front (TRUSTED_PROXIES=0).
  direct = await startSiteCopy({
    port: Number(process.env.E2E_PORT ?? 3100) + 43,
    dist: '.next-direct',
    env: { TRUSTED_PROXIES: '0', PGLITE_DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/direct-${Date.now()}` },
  })
  const statuses: number[] = []
  for (let i = 0; i < 40; i++) {
    // A new address each time, and a new account too, so only the per-client limit can answer.
    const response = await wrongLogin(direct.origin, uniqueEmail(`rotate${i}`), `203.0.113.${i + 1}`)
    statuses.push(response.status)
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
  expect(statuses.slice(10)).toEqual(Array(30).fill(429))
})

test('behind one trusted proxy, the real client is limited and another client is not', async ({ baseURL }) => {
  // The e2e server trusts one proxy: the right-most X-Forwarded-For entry is the client, whatever
  // the client itself wrote to the left of it.
  const client = `198.51.100.${Math.floor(Math.random() * 200) + 20}`
  const statuses: number[] = []
  for (let i = 0; i < 12; i++) {
    const response = await wrongLogin(baseURL!, uniqueEmail(`proxied${i}`), `10.${i}.0.1, ${client}`)
    statuses.push(response.status)
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
  expect(statuses.slice(10)).toEqual([429, 429])
  const other = await wrongLogin(
    baseURL!,
    uniqueEmail('other'),
    `10.99.0.1, 198.51.100.${Math.floor(Math.random() * 19) + 1}`,
  )
  expect(other.status).toBe(401)
})

test('an IPv6 client that picks a new address in its /64 for each login is limited as one', async ({ baseURL }) => {
  const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`
  const statuses: number[] = []
  for (let i = 0; i < 12; i++) {
    const response = await wrongLogin(baseURL!, uniqueEmail(`ipv6-${i}`), `${prefix}::${(i + 1).toString(16)}`)
    statuses.push(response.status)
  }
  expect(statuses.slice(10)).toEqual([429, 429])
})

test('wrong passwords for one account from many addresses slow that account down, not others', async ({ baseURL }) => {
  const target = uniqueEmail('targeted')
  const statuses: number[] = []
  for (let i = 0; i < 12; i++) {
    const response = await wrongLogin(baseURL!, target, `192.0.2.${Math.floor(Math.random() * 250) + 1}, 100.64.${i}.9`)
    statuses.push(response.status)
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
  expect(statuses.slice(10)).toEqual([429, 429])
  // Another account from one of those addresses is answered as usual, and the target can still
  // ask for a password reset.
  expect((await wrongLogin(baseURL!, uniqueEmail('bystander'), '100.64.3.9')).status).toBe(401)
  const reset = await fetch(`${baseURL}/api/account/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '100.64.50.9' },
    body: JSON.stringify({ email: target }),
  })
  expect(reset.status).toBe(200)
})

test('cookies are Secure when the request came over HTTPS to the proxy in front, and not otherwise', async ({
  baseURL,
}) => {
  const email = uniqueEmail('secure')
  const password = 'cobalt pillow harvest'
  const post = (path: string, body: unknown, proto: string) =>
    fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
        'x-forwarded-proto': proto,
      },
      body: JSON.stringify(body),
    })
  expect((await post('/api/account/sign-up', { name: 'Sam Secure', email, password }, 'https')).status).toBe(200)
  const overHttps = (await post('/api/account/login', { email, password }, 'https')).headers.getSetCookie()
  expect(overHttps.length).toBeGreaterThan(0)
  for (const cookie of overHttps) expect(cookie).toMatch(/;\s*Secure/i)
  const overHttp = (await post('/api/account/login', { email, password }, 'http')).headers.getSetCookie()
  expect(overHttp.length).toBeGreaterThan(0)
  for (const cookie of overHttp) expect(cookie).not.toMatch(/;\s*Secure/i)
})
