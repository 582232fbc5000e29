import { expect, test } from '@playwright/test'
import { seedBasketLimit } from '../support/seed-content'
import { BASKET_PAGE, FIND_DEVICE_PAGE, GOOD_IPHONE, visitor, type Posted } from './basket-client'
import { GOOD_ANSWERS, GOOD_CHOICES, IPHONE_13 } from './sell-helpers'

// The basket's writes as HTTP sees them: "Add to basket" is the price checker's server action,
// posted here as a browser running no scripts posts it (the form's hidden fields, multipart, to the
// model page's own address). The browser project is irrelevant, so run them once.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

const UNKNOWN_CHOICE = 'That choice is not one we offer for this device. Choose again.'
const FAILED = 'We could not add it to your basket just now. Please try again in a moment.'
const [STORAGE, POWER, CRACKS, CASING, LOCK, BLOCKED] = GOOD_CHOICES.map(([question]) => question)

/** Where a 303 sends the visitor, as a path and query on this site (never another host). */
function sentTo(posted: Posted): string {
  expect(posted.status).toBe(303)
  const to = new URL(posted.location!, posted.response.url())
  expect(to.host).toBe(new URL(posted.response.url()).host)
  return `${to.pathname}${to.search}`
}

/** The error summary's items on a page, as a seller reads them. */
function summaryOf(html: string): string[] {
  const summary = /<div\b[^>]*class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? ''
  return [...summary.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;/g, "'")
      .trim(),
  )
}

const setCookie = (posted: Posted) =>
  posted.response.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie')?.value

test('the server prices a device from the catalogue: a price sent with it is ignored', async ({ request }) => {
  const seller = visitor(request)
  const forged = { price: '1', pricePence: '1', addedPricePence: '1', lineTotalPence: '1', totalPence: '1' }
  const added = await seller.add(GOOD_IPHONE, forged)
  expect(sentTo(added)).toBe(BASKET_PAGE)
  expect(added.basket.lines).toEqual([
    expect.objectContaining({
      device: IPHONE_13.device,
      gradeName: 'Good',
      quantity: 1,
      pricePence: 11400,
      addedPricePence: 11400,
      lineTotalPence: 11400,
    }),
  ])
  expect(added.basket).toMatchObject({ count: 1, totalPence: 11400, limit: seedBasketLimit(), removed: [] })

  const cookie = setCookie(added) ?? ''
  expect(cookie).toMatch(/^basket=[\w-]{43};/)
  expect(cookie).toMatch(/; HttpOnly/i)
  expect(cookie).toMatch(/; SameSite=lax/i)
  expect(cookie).toMatch(/; Path=\//)
  expect(cookie).toMatch(/; Max-Age=2592000/)
  expect(added.response.headers()['cache-control']).toContain('no-store')

  // The same basket comes back on the next request, with the same server price.
  const read = await seller.basket()
  expect(read.status).toBe(200)
  expect(read.body.basket).toEqual(added.basket)
})

test('the no-script price page adds the same way, to the same basket', async ({ request }) => {
  const seller = visitor(request)
  expect(sentTo(await seller.add(GOOD_IPHONE))).toBe(BASKET_PAGE)
  const page = `${IPHONE_13.path}/price?${new URLSearchParams({ model: IPHONE_13.id, storage: '256gb', ...GOOD_ANSWERS })}`
  const added = await seller.add({ ...GOOD_IPHONE, storage: '256gb' }, {}, { page })
  expect(sentTo(added)).toBe(BASKET_PAGE)
  expect(setCookie(added)).toBeUndefined()
  expect(added.basket.lines.map((line) => [line.device, line.pricePence])).toEqual([
    [IPHONE_13.device, 11400],
    ['Apple iPhone 13 256GB', 12700],
  ])
})

test('an unknown model goes to the device finder, and unknown or missing answers back to the price page naming them', async ({
  request,
}) => {
  const seller = visitor(request)
  const unknownModel = await seller.add({ ...GOOD_IPHONE, model: 'model-nokia-3310' })
  expect(sentTo(unknownModel)).toBe(FIND_DEVICE_PAGE)

  const pricePage = async (posted: Posted) => {
    const to = sentTo(posted)
    expect(to).toMatch(new RegExp(`^${IPHONE_13.path}/price\\?model=${IPHONE_13.id}&`))
    const response = await request.get(to, { headers: seller.headers })
    expect(response.status()).toBe(200)
    return response.text()
  }
  const unknownStorage = await seller.add({ ...GOOD_IPHONE, storage: '64gb' })
  expect(summaryOf(await pricePage(unknownStorage))).toEqual([`${STORAGE} – ${UNKNOWN_CHOICE}`])

  const unknownAnswer = await seller.add({ ...GOOD_IPHONE, answers: { ...GOOD_ANSWERS, power: 'mostly' } })
  expect(summaryOf(await pricePage(unknownAnswer))).toEqual([`${POWER} – ${UNKNOWN_CHOICE}`])

  const missing = await seller.add({ model: IPHONE_13.id, answers: { power: 'yes' } })
  expect(summaryOf(await pricePage(missing))).toEqual([
    `${STORAGE} – Choose how much storage it has`,
    `${CRACKS} – Choose an answer`,
    `${CASING} – Choose an answer`,
    `${LOCK} – Choose an answer`,
    `${BLOCKED} – Choose an answer`,
  ])

  const refused = await seller.add({ ...GOOD_IPHONE, answers: { ...GOOD_ANSWERS, lock: 'no' } })
  const refusedPage = await pricePage(refused)
  expect(refusedPage).toContain('We cannot buy this device')
  expect(refusedPage).toMatch(/We cannot buy a device with an activation lock on/)

  for (const result of [unknownModel, unknownStorage, unknownAnswer, missing, refused]) {
    expect(setCookie(result)).toBeUndefined()
    expect(result.basket).toMatchObject({ count: 0, lines: [] })
  }
})

test('a tampered or unknown basket cookie gives an empty basket, and adding then starts a new one', async ({
  request,
}) => {
  const seller = visitor(request)
  const forged = `basket=${'A'.repeat(43)}`
  for (const cookie of ['basket=tampered', forged, "basket=' OR 1=1 --"]) {
    const read = await seller.basket({ cookie })
    expect(read.status, cookie).toBe(200)
    expect(read.body.basket, cookie).toMatchObject({ lines: [], removed: [], count: 0, totalPence: 0 })
  }
  const added = await seller.add(GOOD_IPHONE, {}, { headers: { cookie: forged } })
  expect(sentTo(added)).toBe(BASKET_PAGE)
  expect(added.basket.count).toBe(1)
  const cookie = setCookie(added) ?? ''
  expect(cookie).toMatch(/^basket=[\w-]{43};/)
  expect(cookie).not.toContain(forged)
})

// What the deleted JSON route refused (malformed JSON, a body too big, another content type, a
// body without a model) has its counterpart on the action: the proxy answers a damaged or
// oversized form, and the action a form it cannot read, with the page again and nothing added.
test('a damaged form is 400, a form over 16 kB is 413, and neither adds anything', async ({ request }) => {
  const seller = visitor(request)
  const form = await seller.addForm()
  const boundary = '----basket-test-boundary'
  const damaged = await request.post(form.page, {
    headers: { ...seller.headers, origin: form.origin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    // Cut off in the middle of a field: no closing boundary.
    data: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${IPHONE_13.id}\r\n--${boundary}\r\nContent-Disposition: form-da`,
    ),
    maxRedirects: 0,
  })
  expect(damaged.status()).toBe(400)
  expect(await damaged.text()).toBe('The form arrived incomplete or damaged. Send it again.')
  expect(damaged.headers()['set-cookie']).toBeUndefined()

  const tooBig = await seller.add(GOOD_IPHONE, { pad: 'x'.repeat(20_000) })
  expect(tooBig.status).toBe(413)
  expect(tooBig.html).toBe('A form may send at most 16 kB.')
  expect(setCookie(tooBig)).toBeUndefined()
  expect(tooBig.basket.count).toBe(0)
})

test('a post to the model page that is not a form adds nothing and is no server error', async ({ request }) => {
  const seller = visitor(request)
  const form = await seller.addForm()
  const fields = { ...form.hidden, model: IPHONE_13.id, storage: '128gb', ...GOOD_ANSWERS }
  for (const [type, body] of [
    ['application/json', JSON.stringify(fields)],
    ['text/plain', JSON.stringify(fields)],
    ['application/x-www-form-urlencoded', new URLSearchParams(fields).toString()],
  ] as const) {
    const response = await request.post(form.page, {
      headers: { ...seller.headers, origin: form.origin, 'content-type': type },
      data: Buffer.from(body),
      maxRedirects: 0,
    })
    expect(response.status(), type).toBeLessThan(500)
    expect(response.status(), type).not.toBe(303)
    expect(response.headers()['set-cookie'], type).toBeUndefined()
    expect(await response.text(), type).not.toMatch(/at \w+ \(|node_modules|Error:/)
  }
  expect((await seller.basket()).body.basket?.count).toBe(0)
})

for (const [name, choices] of [
  ['no model', { ...GOOD_IPHONE, model: '' }],
  ['an answer over 100 characters', { ...GOOD_IPHONE, answers: { ...GOOD_ANSWERS, power: 'y'.repeat(101) } }],
] as const) {
  test(`adding a form with ${name} comes back with the failure words and adds nothing`, async ({ request }) => {
    const seller = visitor(request)
    const result = await seller.add(choices)
    expect(result.status).toBe(200)
    expect(result.words).toBe(FAILED)
    expect(setCookie(result)).toBeUndefined()
    expect(result.html).not.toMatch(/at \w+ \(|node_modules|Error:/)
    expect(result.basket.count).toBe(0)
  })
}

test('a change posted from another site is refused with 403', async ({ request }) => {
  const seller = visitor(request)
  const evil = { origin: 'https://evil.example' }
  const added = await seller.add(GOOD_IPHONE, {}, evil)
  expect(added.status).toBe(403)
  expect(added.html).toBe('Forms on this site must be sent from this site.')
  expect(setCookie(added)).toBeUndefined()
  expect(added.basket.count).toBe(0)
  const line = (await seller.add(GOOD_IPHONE)).basket.lines[0]!
  const changed = await seller.change(line.id, 1, evil)
  expect(changed.status).toBe(403)
  expect(changed.basket.count).toBe(1)
})

test('one client adding too fast is refused with the failure words, and nothing is added', async ({ request }) => {
  const seller = visitor(request)
  const form = await seller.addForm()
  // Forms without a model are counted too: the limit comes before the form is read.
  const statuses: number[] = []
  for (let i = 0; i < 60; i++) {
    statuses.push((await seller.add({ ...GOOD_IPHONE, model: '' }, {}, { page: form.page })).status)
  }
  expect(statuses.every((status) => status === 200)).toBe(true)
  const over = await seller.add(GOOD_IPHONE)
  expect(over.status).toBe(200)
  expect(over.words).toBe(FAILED)
  expect(setCookie(over)).toBeUndefined()
  expect(over.basket.count).toBe(0)
  // Another client is not affected.
  const other = await visitor(request).add(GOOD_IPHONE)
  expect(sentTo(other)).toBe(BASKET_PAGE)
})
