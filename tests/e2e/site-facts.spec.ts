import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { encodeSignatureHeader } from '@sanity/webhook'
import { REVALIDATE_SECRET, testClientAddress } from '../support/e2e-env'
import { readOutbox } from '../support/mail-messages'
import { copySeed, readSeed } from '../support/seed-copy'
import { startSiteCopy, type SiteCopy } from '../support/site-copy'
import { GOOD_IPHONE, visitor } from './basket-client'
import { placeOrder } from './order-helpers'

/**
 * An editor changes each fact once (Site settings and Pricing rules), the signed webhook fires, and
 * no page, search description, sitemap, structured data or e-mail still shows an old value; every
 * page that showed an old value shows the new one. It runs on a second server, on its own copy of
 * the build and of the seed, so the main e2e server keeps the seed's facts for the other tests.
 */
// In beforeAll, declared before the set-up: a project that skips never copies the build or starts the server.
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'one server is enough'))
// Serial, and in this order: both tests use the one server copy started below, and the e-mails are
// checked after the first test has sent the webhooks for every changed document.
test.describe.configure({ mode: 'serial' })

const PORT = 3190
const ORIGIN = `http://127.0.0.1:${PORT}`
const WORK = path.join(tmpdir(), `handback-facts-${process.pid}`)

const seed = readSeed()
const settings = seed.find((doc) => doc._id === 'siteSettings') as unknown as {
  productName: string
  contactPhone: string
  contactEmail: string
}

// Each fact as the seed writes it on the page, and as the editor changes it.
const CHANGES = [
  { fact: 'product name', old: settings.productName, now: 'Phonecash' },
  { fact: 'phone', old: settings.contactPhone, now: '0161 496 0777' },
  { fact: 'phone link', old: `tel:${settings.contactPhone.replace(/\s/g, '')}`, now: 'tel:01614960777' },
  { fact: 'e-mail', old: settings.contactEmail, now: 'help@phonecash.example.co.uk' },
  { fact: 'review count', old: '1,770', now: '1,999' },
  { fact: 'review score', old: 'Rated 4 out of 5', now: 'Rated 4.5 out of 5' },
  { fact: 'closing time', old: '5pm', now: '6:30pm' },
  // The seed holds prices, revised offers and an unchecked identity photo for 14 days each: the
  // three now differ (21, 10 and 12).
  { fact: 'price hold, offer or identity photo days', old: '14 days', now: ['21 days', '10 days', '12 days'] },
  { fact: 'price guarantee', old: '14-day', now: '21-day' },
  { fact: 'payment cut-off', old: '2pm', now: '3pm' },
]

function changedSeed(): string {
  return copySeed((docs) =>
    docs.map((doc) => {
      if (doc._id === 'siteSettings') {
        const hours = doc.openingHours as { periods: Array<Record<string, string>> }
        const rating = doc.reviewRating as Record<string, unknown>
        return {
          ...doc,
          productName: 'Phonecash',
          contactPhone: '0161 496 0777',
          contactEmail: 'help@phonecash.example.co.uk',
          postalAddress: 'Phonecash Returns\n1 Example Street\nLeeds\nLS1 4AP',
          paymentCutoff: '15:00',
          openingHours: { ...hours, periods: hours.periods.map((period) => ({ ...period, closes: '18:30' })) },
          reviewRating: { ...rating, reviewCount: 1999, score: 4.5 },
        }
      }
      if (doc._id === 'pricingRules') return { ...doc, priceHoldDays: 21 }
      // None keeps 14 days, so "14 days" anywhere is a fact the site failed to change.
      if (doc._id === 'orderCopy')
        return { ...doc, timings: { ...(doc.timings as object), revisedOfferDays: 10, identityPhotoDays: 12 } }
      return doc
    }),
  )
}

/** Every address a visitor or a crawler reads: the CMS pages, the model pages, a 404 and the sitemap. */
function addresses(): string[] {
  const pages = seed.filter((doc) => doc._type === 'page').map((doc) => (doc.path as { current: string }).current)
  const models = seed
    .filter((doc) => doc._type === 'deviceModel')
    .map((doc) => {
      const base = doc.category === 'tablet' ? '/sell-my-tab' : '/sell-my-phone'
      return `${base}/${(doc.slug as { current: string }).current}`
    })
  return [...pages, ...models, '/no-such-page', '/sitemap.xml']
}

/**
 * The page without its scripts' and styles' file names: they are hashes of the build, which can
 * spell an old value by chance (a chunk named 3k8y37h02pmy9.js holds "2pm").
 */
const withoutAssetNames = (html: string) => html.replace(/\/_next\/static\/[^"'\\\s]+/g, '/_next/static/…')

let site: SiteCopy | undefined
const outbox = path.join(WORK, 'outbox')

async function webhook(request: APIRequestContext, doc: { _id: string; _type: string }) {
  const body = JSON.stringify(doc)
  const headers = {
    'content-type': 'application/json',
    'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), REVALIDATE_SECRET),
  }
  const response = await request.post(`${ORIGIN}/api/revalidate`, { headers, data: Buffer.from(body) })
  expect(response.status()).toBe(200)
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  rmSync(WORK, { recursive: true, force: true })
  // The main server's build: the same pages, prerendered with the old facts.
  site = await startSiteCopy({
    port: PORT,
    dist: '.next-facts',
    env: {
      NEXT_PUBLIC_SANITY_PROJECT_ID: '',
      SEED_DATASET_PATH: changedSeed(),
      DATABASE_URL: '',
      PGLITE_DATA_DIR: path.join(WORK, 'pglite'),
      MAIL_OUTBOX_DIR: outbox,
    },
  })
})

test.afterAll(() => site?.stop())

test('after one edit of each fact and the webhook, no page shows an old value and each shows the new one', async ({
  request,
}) => {
  test.setTimeout(240_000)
  const pages = addresses()
  // Where the unchanged site shows each old value.
  const before = new Map<string, string[]>()
  for (const address of pages) {
    const html = withoutAssetNames(await (await request.get(address)).text())
    before.set(
      address,
      CHANGES.filter(({ old }) => html.includes(old)).map(({ fact }) => fact),
    )
  }
  // The facts are worth testing only where pages show them.
  expect(new Set([...before.values()].flat())).toEqual(new Set(CHANGES.map(({ fact }) => fact)))

  for (const doc of [
    { _id: 'siteSettings', _type: 'siteSettings' },
    { _id: 'pricingRules', _type: 'pricingRules' },
    { _id: 'orderCopy', _type: 'orderCopy' },
  ]) {
    await webhook(request, doc)
  }

  for (const address of pages) {
    // Stale-while-revalidate: the first visit after the webhook may get the old page.
    await expect(async () => {
      const html = withoutAssetNames(await (await request.get(`${ORIGIN}${address}`)).text())
      const stale = CHANGES.filter(({ old }) => html.includes(old)).map(({ fact, old }) => `${fact} "${old}"`)
      expect(stale, `${address} still shows`).toEqual([])
      const missing = CHANGES.filter(({ fact }) => before.get(address)!.includes(fact))
        .filter(({ now }) => ![now].flat().some((value) => html.includes(value)))
        .map(({ fact, now }) => `${fact} "${[now].flat().join('" or "')}"`)
      expect(missing, `${address} does not show`).toEqual([])
    }).toPass({ timeout: 20_000 })
  }
  expect(site?.log()).not.toMatch(/Error|⨯/)
})

test('the e-mails a seller receives carry the new facts', async ({ browser }) => {
  const email = `facts.${Date.now()}@example.com`
  const context = await browser.newContext({ baseURL: ORIGIN })
  const page = await context.newPage()
  const address = testClientAddress()
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address })
  // Added as the price checker's form does without scripts (its Origin is this server's, ORIGIN).
  const added = await visitor(page.request, address).add(GOOD_IPHONE)
  expect(added.status).toBe(303)
  expect(added.basket.count).toBe(1)
  await placeOrder(page, email)
  await context.close()

  await expect(async () => {
    const mail = (await readOutbox(outbox)).find((message) => message.to.includes(email))
    expect(mail?.subject).toContain('Phonecash')
    const text = `${mail!.subject}\n${mail!.text}`
    for (const { old } of CHANGES.filter(({ fact }) => fact !== 'phone link')) expect(text).not.toContain(old)
    expect(text).toContain('0161 496 0777')
    expect(text).toContain('help@phonecash.example.co.uk')
  }).toPass({ timeout: 15_000 })
})
