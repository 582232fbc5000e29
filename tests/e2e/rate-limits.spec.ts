import { request as requests, expect, test } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import { startSiteCopy, type SiteCopy } from '../support/site-copy'
import { postPageForm, type PostedForm } from './form-post'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only: run once'))

/** Posts a page's form as a browser without scripts, from a visitor with no cookies. */
async function postForm(origin: string, path: string, fields: Record<string, string>, headers: Record<string, string>) {
  const visitor = await requests.newContext({ baseURL: origin })
  try {
    const answer = await postPageForm(visitor, path, fields, { headers })
    return { ...answer, setCookies: answer.response.headersArray().filter((h) => /^set-cookie$/i.test(h.name)) }
  } finally {
    await visitor.dispose()
  }
}

/** What a login's answer says: the problem's code (`wrongCredentials`, `tooMany`), or where it went. */
function outcome(answer: PostedForm): string {
  if (answer.status === 303) return `303 ${answer.location}`
  if (answer.status !== 200) return String(answer.status)
  const [problem, ...more] = answer.problems
  if (!problem || more.length) return `200 ${answer.problems.map((p) => p.code).join(', ')}`
  // "Too many" counts only with the wait in its words: the callers' expected outcomes then hold it.
  const saysWait = /^Too many attempts\. Wait \d+ seconds/.test(problem.message)
  return problem.code === 'tooMany' && !saysWait ? `tooMany without the wait: ${problem.message}` : problem.code
}

const wrongLogin = async (origin: string, email: string, forwardedFor: string) =>
  outcome(
    await postForm(
      origin,
      '/login',
      { email, password: 'not the password at all' },
      { 'x-forwarded-for': forwardedFor },
    ),
  )

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
  const statuses: string[] = []
  for (let i = 0; i < 40; i++) {
    // A new address each time, and a new account too, so only the per-client limit can answer.
    const response = await wrongLogin(direct.origin, uniqueEmail(`rotate${i}`), `203.0.113.${i + 1}`)
    statuses.push(response)
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill('wrongCredentials'))
  expect(statuses.slice(10)).toEqual(Array(30).fill('tooMany'))
})

test('behind one trusted proxy, the real client is limited and another client is not', async ({ baseURL }) => {
  // The e2e server trusts one proxy: the right-most X-Forwarded-For entry is the client, whatever
  // the client itself wrote to the left of it.
  const client = `198.51.100.${Math.floor(Math.random() * 200) + 20}`
  const statuses: string[] = []
  for (let i = 0; i < 12; i++) {
    const response = await wrongLogin(baseURL!, uniqueEmail(`proxied${i}`), `10.${i}.0.1, ${client}`)
    statuses.push(response)
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill('wrongCredentials'))
  expect(statuses.slice(10)).toEqual(['tooMany', 'tooMany'])
  const other = await wrongLogin(
    baseURL!,
    uniqueEmail('other'),
    `10.99.0.1, 198.51.100.${Math.floor(Math.random() * 19) + 1}`,
  )
  expect(other).toBe('wrongCredentials')
})

test('an IPv6 client that picks a new address in its /64 for each login is limited as one', async ({ baseURL }) => {
  const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`
  const statuses: string[] = []
  for (let i = 0; i < 12; i++) {
    const response = await wrongLogin(baseURL!, uniqueEmail(`ipv6-${i}`), `${prefix}::${(i + 1).toString(16)}`)
    statuses.push(response)
  }
  expect(statuses.slice(10)).toEqual(['tooMany', 'tooMany'])
})

test('wrong passwords for one account from many addresses slow that account down, not others', async ({ baseURL }) => {
  const target = uniqueEmail('targeted')
  const statuses: string[] = []
  for (let i = 0; i < 12; i++) {
    const response = await wrongLogin(baseURL!, target, `192.0.2.${Math.floor(Math.random() * 250) + 1}, 100.64.${i}.9`)
    statuses.push(response)
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill('wrongCredentials'))
  expect(statuses.slice(10)).toEqual(['tooMany', 'tooMany'])
  // Another account from one of those addresses is answered as usual, and the target can still
  // ask for a password reset.
  expect(await wrongLogin(baseURL!, uniqueEmail('bystander'), '100.64.3.9')).toBe('wrongCredentials')
  const reset = await postForm(baseURL!, '/forget-password', { email: target }, { 'x-forwarded-for': '100.64.50.9' })
  expect(outcome(reset)).toBe('303 /password-reset')
})

test('cookies are Secure when the request came over HTTPS to the proxy in front, and not otherwise', async ({
  baseURL,
}) => {
  const email = uniqueEmail('secure')
  const password = 'cobalt pillow harvest'
  const post = (path: string, fields: Record<string, string>, proto: string) =>
    postForm(baseURL!, path, fields, {
      'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      'x-forwarded-proto': proto,
    })
  expect(outcome(await post('/sign-up', { name: 'Sam Secure', email, password }, 'https'))).toBe('303 /sign-up?sent=1')
  const overHttps = await post('/login', { email, password }, 'https')
  expect(outcome(overHttps)).toBe('303 /profile')
  expect(overHttps.setCookies.length).toBeGreaterThan(0)
  for (const cookie of overHttps.setCookies) expect(cookie.value).toMatch(/;\s*Secure/i)
  const overHttp = await post('/login', { email, password }, 'http')
  expect(outcome(overHttp)).toBe('303 /profile')
  expect(overHttp.setCookies.length).toBeGreaterThan(0)
  for (const cookie of overHttp.setCookies) expect(cookie.value).not.toMatch(/;\s*Secure/i)
})
