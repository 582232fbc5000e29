import { expect, test } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { seedBasketLimit } from '../support/seed-content'
import { GOOD_IPHONE, visitor, type Answer } from './basket-client'
import { GOOD_ANSWERS, IPHONE_13 } from './sell-helpers'

// HTTP tests of the basket API; the browser project is irrelevant, so run them once.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

// The limit editors set in Pricing rules (10 in the seed).
const LIMIT = seedBasketLimit()
// The first lines hold 128GB phones (£114 each in Good condition), the rest 256GB (£127).
const SMALL = Math.ceil(LIMIT / 2)

test('a basket holds the limit: one more add and a +1 past the limit are refused with 409', async ({ request }) => {
  const seller = visitor(request)
  for (let i = 0; i < LIMIT; i++) {
    const storage = i < SMALL ? '128gb' : '256gb'
    expect((await seller.add({ ...GOOD_IPHONE, storage })).status).toBe(201)
  }
  const eleventh = await seller.add({ ...GOOD_IPHONE, storage: '512gb' })
  expect(eleventh.status).toBe(409)
  expect(eleventh.body).toMatchObject({
    ok: false,
    code: 'basket_full',
    message: expect.stringMatching(new RegExp(`^Your basket already holds ${LIMIT} devices`)),
  })
  expect(eleventh.body.basket?.count).toBe(LIMIT)
  expect(eleventh.body.basket?.lines.map((line) => line.quantity)).toEqual([SMALL, LIMIT - SMALL])

  const [first] = eleventh.body.basket!.lines
  const more = await seller.change(first!.id, 1)
  expect(more.status).toBe(409)
  expect(more.body).toMatchObject({ code: 'basket_full', message: `A basket holds up to ${LIMIT} devices.` })
  const fewer = await seller.change(first!.id, -1)
  expect(fewer.status).toBe(200)
  expect(fewer.body.basket?.count).toBe(LIMIT - 1)
  expect(fewer.body.basket?.totalPence).toBe((SMALL - 1) * 11400 + (LIMIT - SMALL) * 12700)
})

test('twice the limit of parallel +1s stop exactly at the limit, and as many −1s stop at 0, with no server error', async ({
  request,
}) => {
  const seller = visitor(request)
  const added = await seller.add(GOOD_IPHONE)
  const line = added.body.basket!.lines[0]!
  const start = line.quantity

  const ups = await Promise.all(Array.from({ length: 2 * LIMIT }, () => seller.change(line.id, 1)))
  const upStatuses = ups.map((result) => result.status)
  expect(upStatuses.filter((status) => status >= 500)).toEqual([])
  expect(upStatuses.filter((status) => status === 200)).toHaveLength(LIMIT - start)
  expect(upStatuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true)
  let basket = (await seller.basket()).body.basket!
  expect(basket.count).toBe(LIMIT)
  expect(basket.lines[0]?.quantity).toBe(LIMIT)

  const downs = await Promise.all(Array.from({ length: 2 * LIMIT }, () => seller.change(line.id, -1)))
  expect(downs.map((result) => result.status).filter((status) => status !== 200)).toEqual([])
  basket = (await seller.basket()).body.basket!
  expect(basket).toMatchObject({ count: 0, lines: [], totalPence: 0 })
  expect(basket.removed).toEqual([expect.objectContaining({ id: line.id, quantity: 0 })])
})

test('a line of someone else’s basket is not found, and a change other than +1 or −1 is malformed', async ({
  request,
  playwright,
}) => {
  const owner = visitor(request)
  const line = (await owner.add(GOOD_IPHONE)).body.basket!.lines[0]!

  const other = await playwright.request.newContext()
  try {
    const stranger = visitor(other)
    expect((await stranger.change(line.id, 1)).status).toBe(404)
    await stranger.add(GOOD_IPHONE)
    const attempt = await stranger.change(line.id, -1)
    expect(attempt.status).toBe(404)
    expect(attempt.body.code).toBe('not_found')
    expect(attempt.body.basket?.count).toBe(1)
  } finally {
    await other.dispose()
  }
  expect((await owner.change('not-a-line', 1)).status).toBe(404)
  for (const change of [5, 0, 'one', null]) {
    const result = await owner.change(line.id, change)
    expect(result.status, String(change)).toBe(400)
    expect(result.body.code).toBe('malformed')
  }
  expect((await owner.basket()).body.basket?.lines[0]?.quantity).toBe(1)
})

test('plain forms answer 303: to the basket after adding, and only ever back to a page on this site', async ({
  request,
}) => {
  const headers = { 'x-forwarded-for': testClientAddress() }
  const form = new URLSearchParams({ model: IPHONE_13.id, storage: '128gb', ...GOOD_ANSWERS })
  const added = await request.post('/api/basket', { headers, form: Object.fromEntries(form), maxRedirects: 0 })
  expect(added.status()).toBe(303)
  // The visitor stays on the host they used (the server itself listens as localhost).
  const to = new URL(added.headers()['location']!, added.url())
  expect(to.host).toBe(new URL(added.url()).host)
  expect(to.pathname).toBe('/add-to-cart')
  expect(added.headers()['set-cookie']).toMatch(/^basket=/)

  const line = ((await (await request.get('/api/basket', { headers })).json()) as Answer).basket!.lines[0]!
  for (const [back, expected] of [
    ['/add-to-cart', '/add-to-cart'],
    ['/complete-order', '/complete-order'],
    ['//evil.example/steal', '/add-to-cart'],
    ['https://evil.example/', '/add-to-cart'],
  ]) {
    const changed = await request.post(`/api/basket/lines/${line.id}`, {
      headers,
      form: { change: '1', back: back! },
      maxRedirects: 0,
    })
    expect(changed.status(), back).toBe(303)
    const location = new URL(changed.headers()['location']!, changed.url())
    expect(location.host, back).toBe(new URL(changed.url()).host)
    expect(location.pathname, back).toBe(expected)
  }
  expect(((await (await request.get('/api/basket', { headers })).json()) as Answer).basket?.count).toBe(5)

  const refused = await request.post('/api/basket', {
    headers,
    form: { model: IPHONE_13.id, storage: '128gb', power: 'yes' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(303)
  expect(refused.headers()['location']).toMatch(new RegExp(`${IPHONE_13.path}/price\\?`))
})
