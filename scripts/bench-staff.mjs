// The staff rows of `npm run bench`, on the database `npm run seed:orders -- 100000` filled (the
// configured one: PGlite in .data, or DATABASE_URL): server time, median and p95, of the staff
// pages a back office lives on. It signs in as the bench manager the seeder invited, as a person
// does: the first time from the invitation's link (choosing the password and setting up two-step
// login), later with the password and a code from the authenticator key, kept in .data next to the
// database it belongs to (scripts/bench-manager.mjs).
import { createHmac } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { BENCH_MANAGER_EMAIL, benchManagerFile } from './bench-manager.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'
import { hiddenFields } from './page-forms.mjs'

/**
 * What is measured: one row a page. `path` is fetched as it is; with `follow`, the bench first walks
 * the list's own "next" links that many pages in (`next` matches the link's tag, whatever the order
 * of its attributes; its href is followed) and measures the page it reached. Adjust here when the
 * pages move.
 */
const NEXT_LINK = /<a\b(?=[^>]*\brel="next")[^>]*>/
export const STAFF_ROWS = [
  { name: 'orders list, first page', path: '/admin/orders' },
  { name: 'orders list, 50 pages in', path: '/admin/orders', follow: { pages: 50, next: NEXT_LINK } },
  // Seen on two orders: seed:orders gives this IMEI to two devices (scripts/seed-orders.ts, BENCH_IMEI).
  { name: 'IMEI search (a device sent twice)', path: '/admin/orders?q=356938035643809' },
  // The claimed queues: the bench manager's own claims (none seeded: the index answers an empty
  // "My work" at once), the orders nobody holds, and the postage packs still to post.
  { name: 'My work (claimed by me)', path: '/admin/orders?view=mine' },
  { name: 'Unclaimed', path: '/admin/orders?view=unclaimed' },
  { name: 'postage packs to post', path: '/admin/orders?view=packs' },
  { name: 'dashboard', path: '/admin' },
  // Stock (issue 47): seed:orders puts every paid order's devices in stock.
  { name: 'stock, first page', path: '/admin/stock' },
  { name: 'stock, 50 pages in', path: '/admin/stock', follow: { pages: 50, next: NEXT_LINK } },
  { name: 'stock, IMEI search', path: '/admin/stock?q=356938035643809' },
]
export const STAFF_SAMPLES = 100
/**
 * Goods-in's scan, as a scanner and a browser without scripts make it: the code posted (303), and
 * the session's page it is sent to. First scans receive orders still waiting for their parcel
 * (read from the list of placed orders); repeats scan the same codes again, which only say when.
 */
export const SCAN_ROWS = [
  { name: 'scan to receive, first scan (post and page)', repeat: false },
  { name: 'scan to receive, a repeat scan (post and page)', repeat: true },
]
const MANAGER = {
  email: BENCH_MANAGER_EMAIL,
  password: process.env.BENCH_STAFF_PASSWORD || 'bench-manager-dev-only-7Qx',
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(0.95 * values.length) - 1]
const unescape = (href) => href.replaceAll('&amp;', '&')

/**
 * Serves the site on the seeded database and prints the staff table. `startSite(env)` starts
 * `next start` with those variables and answers { origin, stop }.
 */
export async function benchStaff({ startSite, waitFor }) {
  const site = startSite()
  try {
    await waitFor(`${site.origin}/`)
    const cookie = await signIn(site.origin)
    const results = []
    for (const row of STAFF_ROWS) {
      const url = await reach(site.origin, row, cookie)
      if (!url) {
        results.push({ row, note: `no "next" link on ${row.path}: the list does not page on this branch` })
        continue
      }
      results.push({ row, url, times: await staffTimes(url, cookie, STAFF_SAMPLES) })
    }
    const codes = await placedReferences(site.origin, cookie, STAFF_SAMPLES)
    for (const row of SCAN_ROWS) {
      results.push(
        codes.length
          ? { row: { ...row, path: '/admin/goods-in' }, times: await scanTimes(site.origin, cookie, codes) }
          : { row: { ...row, path: '/admin/goods-in' }, note: 'no placed orders to scan: seed more orders' },
      )
    }
    const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    console.log(
      `\nStaff pages on the database seed:orders filled (${engine}), ${STAFF_SAMPLES} requests each, one after another`,
    )
    console.log('| page | address | server time, median / p95 |')
    console.log('| --- | --- | --- |')
    for (const { row, url, times, note } of results) {
      const where = url ? url.slice(site.origin.length) : row.path
      console.log(
        `| ${row.name} | ${where} | ${times ? `${median(times).toFixed(1)} / ${p95(times).toFixed(1)} ms` : note} |`,
      )
    }
    return results
  } finally {
    site.stop()
  }
}

/** The page a row measures: its path, or where following the list's "next" links that far leads. */
export async function reach(origin, row, cookie) {
  let url = `${origin}${row.path}`
  for (let page = 0; row.follow && page < row.follow.pages; page++) {
    const html = await (await fetch(url, { headers: { cookie } })).text()
    const href = html.match(row.follow.next)?.[0].match(/\bhref="([^"]+)"/)?.[1]
    if (!href) return page === 0 ? null : url
    url = new URL(unescape(href), url).toString()
  }
  return url
}

async function staffTimes(url, cookie, count) {
  const times = []
  await (await fetch(url, { headers: { cookie } })).text()
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const response = await fetch(url, { headers: { cookie }, redirect: 'manual' })
    await response.text()
    times.push(performance.now() - started)
    if (response.status !== 200)
      throw new Error(`${url} answered ${response.status}: is the bench manager still signed in?`)
  }
  return times
}

/** Up to `count` references of orders waiting for their parcel, walking the list's pages. */
async function placedReferences(origin, cookie, count) {
  const references = new Set()
  let url = `${origin}/admin/orders?status=placed`
  while (url && references.size < count) {
    const html = await (await fetch(url, { headers: { cookie } })).text()
    for (const [, reference] of html.matchAll(/href="\/admin\/orders\/([A-Z0-9-]+)"/g)) references.add(reference)
    const href = html.match(NEXT_LINK)?.[0].match(/\bhref="([^"]+)"/)?.[1]
    url = href ? new URL(unescape(href), url).toString() : null
  }
  return [...references].slice(0, count)
}

/** Each code scanned once: the form posted as a browser without scripts does, then the page it is sent to. */
async function scanTimes(origin, cookie, codes) {
  const form = hiddenFields(await (await fetch(`${origin}/admin/goods-in`, { headers: { cookie } })).text(), 'code')
  let session = form.session ?? ''
  const times = []
  for (const code of codes) {
    const body = new FormData()
    for (const [name, value] of Object.entries({ ...form, session, scanKey: crypto.randomUUID(), code }))
      body.append(name, value)
    const started = performance.now()
    const posted = await fetch(`${origin}/admin/goods-in`, {
      method: 'POST',
      body,
      headers: { cookie, origin },
      redirect: 'manual',
    })
    await posted.text()
    const location = posted.headers.get('location')
    if (posted.status !== 303 || !location)
      throw new Error(`A scan answered ${posted.status}, not a 303 to its session`)
    const page = await fetch(new URL(location, origin), { headers: { cookie } })
    await page.text()
    times.push(performance.now() - started)
    session = new URL(location, origin).searchParams.get('session') ?? session
  }
  return times
}

/**
 * Logs in as the bench manager in a real browser, as staff do, and answers the session's cookies.
 * The first time, it opens the invitation's link, chooses the password and sets up two-step login,
 * keeping the key; later, it logs in with the password and the key's code.
 */
async function signIn(origin) {
  const file = benchManagerFile()
  if (!existsSync(file)) throw new Error(`No bench manager for this database (${file}): run npm run seed:orders first.`)
  const kept = JSON.parse(readFileSync(file, 'utf8'))
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage({ baseURL: origin })
    if (!kept.key) {
      await page.goto(kept.setup)
      await page.getByLabel('New password', { exact: true }).fill(MANAGER.password)
      await page.getByRole('button', { name: 'Set up two-step login' }).click()
      const key = (await page.getByTestId('totp-key').textContent()).replace(/\s/g, '')
      writeFileSync(file, JSON.stringify({ key }), { mode: 0o600 })
      await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(key))
      await page.getByRole('button', { name: 'Turn on two-step login' }).click()
    } else {
      await page.goto('/login?next=/admin')
      await page.getByLabel('E-mail address', { exact: true }).fill(MANAGER.email)
      await page.getByLabel('Password', { exact: true }).fill(MANAGER.password)
      await page.getByRole('button', { name: 'Log in', exact: true }).click()
      await page
        .waitForURL((url) => url.pathname === '/two-factor', { timeout: 30_000 })
        .catch(() => {
          throw new Error(`The bench manager could not log in (at ${page.url()}): seed a fresh database.`)
        })
      await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(kept.key))
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
    }
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 30_000 })
    const cookies = await page.context().cookies()
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  } finally {
    await browser.close()
  }
}

/** What an authenticator app shows (RFC 6238): HMAC-SHA1 of the 30-second step, 6 digits. */
function totp(key, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  const bytes = []
  for (const char of key.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char)
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)))
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest()
  const offset = mac[mac.length - 1] & 15
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}
