import { connect } from 'node:net'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { encodeSignatureHeader } from '@sanity/webhook'
import { REVALIDATE_SECRET, SEED_COPY_PATH } from '../support/e2e-env'
import { editSeedLine, type Doc } from '../support/seed-copy'
import { BASKET_PAGE, visitor, type Posted } from './basket-client'
import { choose, GOOD_ANSWERS, GOOD_CHOICES, openSearch, quotePrice } from './sell-helpers'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP and one page: run once'))
// Both tests edit the served seed copy and revalidate: one at a time, so neither sees the other's
// edit, nor has a page rebuilt by the other's webhook while it checks that its own is needed.
test.describe.configure({ mode: 'serial' })

const signed = async (body: string, secret = REVALIDATE_SECRET) => ({
  'content-type': 'application/json',
  'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), secret),
})

async function webhook(request: APIRequestContext, doc: { _id: string; _type: string }) {
  const body = JSON.stringify(doc)
  return request.post('/api/revalidate', { headers: await signed(body), data: Buffer.from(body) })
}

/** Rewrites one document of the served seed copy; the returned function puts that line back. */
const editSeedDocument = (id: string, edit: (doc: Doc) => Doc) => editSeedLine(SEED_COPY_PATH, id, edit)

test('a signed webhook revalidates the changed type, and the live page shows the edit without a rebuild', async ({
  page,
  request,
}) => {
  const marker = `Edited at ${Date.now()}`
  await page.goto('/gdpr-data')
  await expect(page.getByText(marker)).toHaveCount(0)
  const restore = editSeedDocument('page-gdpr-data', (doc) => ({ ...doc, intro: marker }))
  try {
    await page.reload()
    await expect(page.getByText(marker)).toHaveCount(0)

    const body = JSON.stringify({ _id: 'page-gdpr-data', _type: 'page' })
    const response = await request.post('/api/revalidate', { headers: await signed(body), data: Buffer.from(body) })
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({ ok: true, revalidated: ['page'] })
    // Stale-while-revalidate: a visit or two after the webhook, the page is fresh.
    await expect(async () => {
      await page.reload()
      await expect(page.getByText(marker)).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 15_000 })
  } finally {
    restore()
    await webhook(request, { _id: 'page-gdpr-data', _type: 'page' })
  }
})

test('an unsigned or wrongly signed webhook is refused with 401', async ({ request }) => {
  const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' })
  const unsigned = await request.post('/api/revalidate', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from(body),
  })
  expect(unsigned.status()).toBe(401)
  const wrong = await request.post('/api/revalidate', {
    headers: await signed(body, 'not-the-secret'),
    data: Buffer.from(body),
  })
  expect(wrong.status()).toBe(401)
  expect((await wrong.json()).code).toBe('invalid_signature')
  const tampered = await request.post('/api/revalidate', {
    headers: await signed(body),
    data: Buffer.from(body.replace('siteSettings"}', 'page"}')),
  })
  expect(tampered.status()).toBe(401)
})

/** Sends only the request head (and an optional first part of the body) on a raw socket, and returns the status line the server answers with. */
async function statusBeforeBodyArrives(baseURL: string, head: string, firstPart = ''): Promise<string> {
  const { port, hostname } = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head + firstPart))
    let received = ''
    socket.setTimeout(10_000, () => {
      socket.destroy()
      reject(new Error('no answer while the body was still owed: the server waited to read it'))
    })
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      if (received.includes('\r\n')) {
        socket.destroy()
        resolve(received.split('\r\n')[0]!)
      }
    })
    socket.on('error', reject)
  })
}

test('a body over 64 kB is refused with 413 before it is read, declared or streamed', async ({ baseURL }) => {
  const declared = [
    'POST /api/revalidate HTTP/1.1',
    `Host: ${new URL(baseURL!).host}`,
    'Content-Type: application/json',
    // A signature of the right shape, so that only the size can be the reason to refuse unread.
    `Sanity-Webhook-Signature: t=${Date.now()},v1=${'A'.repeat(43)}`,
    `Content-Length: ${10 * 1024 * 1024}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n')
  // Ten megabytes are announced and none is sent: the answer must come without waiting for them.
  expect(await statusBeforeBodyArrives(baseURL!, declared)).toMatch(/^HTTP\/1\.1 413 /)

  const chunked = [
    'POST /api/revalidate HTTP/1.1',
    `Host: ${new URL(baseURL!).host}`,
    'Content-Type: application/json',
    // A signature of the right shape, so that only the size can be the reason to refuse unread.
    `Sanity-Webhook-Signature: t=${Date.now()},v1=${'A'.repeat(43)}`,
    'Transfer-Encoding: chunked',
    'Connection: close',
    '',
    '',
  ].join('\r\n')
  // No length announced: 65 kB arrive and the rest never does; the server stops reading at the cap.
  const part = 'x'.repeat(65 * 1024)
  const firstChunk = `${part.length.toString(16)}\r\n${part}\r\n`
  expect(await statusBeforeBodyArrives(baseURL!, chunked, firstChunk)).toMatch(/^HTTP\/1\.1 413 /)
})

type Variant = { _key: string; prices: Array<{ _key: string; pence: number }> }

/** What a seller of a Pixel 8 sees: the quote for 128GB in Good condition, the tile and the search result. */
async function pixel8AsSeen(page: Page) {
  await page.goto('/sell-my-phone/pixel-8')
  await choose(page, GOOD_CHOICES)
  const quote = await quotePrice(page).textContent({ timeout: 2000 })
  const top = await page
    .getByRole('main')
    .getByText(/^Up to £\d+$/)
    .textContent()
  await page.goto('/sell-my-phone')
  const tile = await page
    .getByRole('main')
    .getByRole('region', { name: 'Google', exact: true })
    .getByRole('link', { name: /^Pixel 8\s*Up to/ })
    .textContent()
  const box = await openSearch(page)
  await box.fill('pixel 8')
  const option = page.getByRole('option', { name: /^Google Pixel 8/ })
  await expect(option).toBeVisible({ timeout: 2000 })
  return { quote, top, tile, search: await option.textContent() }
}

test('a price changed in the content reaches the quote, the tile, the search and the basket after the webhook', async ({
  page,
  request,
}) => {
  // The Pixel 8 is a model no other test prices, so the edit cannot upset them.
  const before = await pixel8AsSeen(page)
  expect(before).toEqual({
    quote: 'We’ll pay you £111',
    top: 'Up to £140',
    tile: 'Pixel 8Up to £140',
    search: expect.stringMatching(/Up to £140$/),
  })
  // A seller who added one at the old price (the page's own request context shares its cookies),
  // with the price checker's form as a browser without scripts posts it.
  const pixel8 = { model: 'model-pixel-8', storage: '128gb', answers: GOOD_ANSWERS }
  const addedBefore = await visitor(page.request).add(pixel8)
  expect(sentToBasket(addedBefore)).toBe(true)
  expect(addedBefore.basket.lines.map((line) => line.pricePence)).toEqual([11100])

  const restore = editSeedDocument('model-pixel-8', (doc) => ({
    ...doc,
    variants: (doc.variants as Variant[]).map((variant) =>
      variant._key !== '128gb'
        ? variant
        : {
            ...variant,
            prices: variant.prices.map((price) =>
              price._key === 'good'
                ? { ...price, pence: 15500 }
                : price._key === 'excellent'
                  ? { ...price, pence: 19900 }
                  : price,
            ),
          },
    ),
  }))
  try {
    // Served pages come from the cache until the webhook says the content changed.
    expect(await pixel8AsSeen(page)).toEqual(before)

    const response = await webhook(request, { _id: 'model-pixel-8', _type: 'deviceModel' })
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({ ok: true, revalidated: ['deviceModel'] })
    await expect(async () => {
      expect(await pixel8AsSeen(page)).toEqual({
        quote: 'We’ll pay you £155',
        top: 'Up to £199',
        tile: 'Pixel 8Up to £199',
        search: expect.stringMatching(/Up to £199$/),
      })
    }).toPass({ timeout: 30_000 })
    // The device list behind the search and the mega-menus follows the same webhook.
    const devices = (await (await request.get('/api/devices')).json()) as Array<{ id: string; topPricePence: number }>
    expect(devices.find((device) => device.id === 'model-pixel-8')?.topPricePence).toBe(19900)

    // The server prices baskets from the same content, and tells that seller the price moved.
    const added = await visitor(request).add(pixel8)
    expect(sentToBasket(added)).toBe(true)
    expect(added.basket.lines.map((line) => line.pricePence)).toEqual([15500])
    await page.goto('/add-to-cart')
    const main = page.getByRole('main')
    await expect(main).toContainText('Price each: £155')
    await expect(main).toContainText('Our price has changed from £111 to £155 since you added it.')
    await expect(main).toContainText('We’ll pay you up to £155')
  } finally {
    restore()
    await webhook(request, { _id: 'model-pixel-8', _type: 'deviceModel' })
  }
  await expect(async () => expect(await pixel8AsSeen(page)).toEqual(before)).toPass({ timeout: 30_000 })
})

/** Whether an add was answered as one that worked: a 303 to the basket page. */
const sentToBasket = (posted: Posted) =>
  posted.status === 303 && new URL(posted.location!, posted.response.url()).pathname === BASKET_PAGE
