import { expect, test } from '@playwright/test'
import { seedBasketLimit } from '../support/seed-content'
import { BASKET_PAGE, GOOD_IPHONE, visitor, type Posted } from './basket-client'
import { IPHONE_13 } from './sell-helpers'

// The basket's quantities as HTTP sees them: "Add to basket" and the basket page's plus and minus
// are server actions, posted here as a browser running no scripts posts them. The browser project
// is irrelevant, so run them once.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

// The limit editors set in Pricing rules (10 in the seed).
const LIMIT = seedBasketLimit()
// The first lines hold 128GB phones (£114 each in Good condition), the rest 256GB (£127).
const SMALL = Math.ceil(LIMIT / 2)

/** Where a 303 sends the visitor, as a path on this site (never another host). */
function sentTo(posted: Posted): string {
  expect(posted.status).toBe(303)
  const to = new URL(posted.location!, posted.response.url())
  expect(to.host).toBe(new URL(posted.response.url()).host)
  return `${to.pathname}${to.search}`
}

test('a basket holds the limit: one more add and a +1 past the limit change nothing', async ({ request }) => {
  const seller = visitor(request)
  for (let i = 0; i < LIMIT; i++) {
    const storage = i < SMALL ? '128gb' : '256gb'
    expect(sentTo(await seller.add({ ...GOOD_IPHONE, storage }))).toBe(BASKET_PAGE)
  }
  const eleventh = await seller.add({ ...GOOD_IPHONE, storage: '512gb' })
  // The page comes back with the words, and with the choices the seller sent.
  expect(eleventh.status).toBe(200)
  expect(eleventh.words).toMatch(new RegExp(`^Your basket already holds ${LIMIT} devices`))
  expect(eleventh.html).toMatch(/<input\b(?=[^>]*name="storage")(?=[^>]*value="512gb")(?=[^>]*checked)[^>]*>/)
  expect(eleventh.basket.count).toBe(LIMIT)
  expect(eleventh.basket.lines.map((line) => line.quantity)).toEqual([SMALL, LIMIT - SMALL])

  const [first] = eleventh.basket.lines
  const more = await seller.change(first!.id, 1)
  expect(sentTo(more)).toBe(BASKET_PAGE)
  expect(more.basket).toEqual(eleventh.basket)
  const fewer = await seller.change(first!.id, -1)
  expect(sentTo(fewer)).toBe(BASKET_PAGE)
  expect(fewer.basket.count).toBe(LIMIT - 1)
  expect(fewer.basket.totalPence).toBe((SMALL - 1) * 11400 + (LIMIT - SMALL) * 12700)
})

test('twice the limit of parallel +1s stop exactly at the limit, and as many −1s stop at 0, with no server error', async ({
  request,
}) => {
  const seller = visitor(request)
  const added = await seller.add(GOOD_IPHONE)
  const line = added.basket.lines[0]!
  const form = await seller.changeForm()

  // Without scripts each answer is a 303 back to the basket page, whatever became of the change.
  const ups = await Promise.all(Array.from({ length: 2 * LIMIT }, () => seller.change(line.id, 1, { form })))
  expect(ups.map((result) => result.status)).toEqual(Array.from({ length: 2 * LIMIT }, () => 303))
  let basket = (await seller.basket()).body.basket!
  expect(basket.count).toBe(LIMIT)
  expect(basket.lines[0]?.quantity).toBe(LIMIT)

  const downs = await Promise.all(Array.from({ length: 2 * LIMIT }, () => seller.change(line.id, -1, { form })))
  expect(downs.map((result) => result.status)).toEqual(Array.from({ length: 2 * LIMIT }, () => 303))
  basket = (await seller.basket()).body.basket!
  expect(basket).toMatchObject({ count: 0, lines: [], totalPence: 0 })
  expect(basket.removed).toEqual([expect.objectContaining({ id: line.id, quantity: 0 })])
})

test('a line of someone else’s basket is left alone, and a change other than +1 or −1 changes nothing', async ({
  request,
  playwright,
}) => {
  const owner = visitor(request)
  const line = (await owner.add(GOOD_IPHONE)).basket.lines[0]!
  // The quantity forms' action is the same on every basket page: anyone can read it.
  const form = await owner.changeForm()

  const other = await playwright.request.newContext({ baseURL: new URL(form.origin).origin })
  try {
    const stranger = visitor(other)
    const first = await stranger.change(line.id, 1, { form })
    expect(sentTo(first)).toBe(BASKET_PAGE)
    expect(first.basket.count).toBe(0)
    await stranger.add(GOOD_IPHONE)
    const attempt = await stranger.change(line.id, -1)
    expect(sentTo(attempt)).toBe(BASKET_PAGE)
    expect(attempt.basket.count).toBe(1)
    expect(attempt.basket.lines.map((mine) => mine.id)).not.toContain(line.id)
  } finally {
    await other.dispose()
  }
  expect((await owner.basket()).body.basket?.lines).toEqual([expect.objectContaining({ id: line.id, quantity: 1 })])

  expect(sentTo(await owner.change('not-a-line', 1, { form }))).toBe(BASKET_PAGE)
  for (const change of ['5', '0', 'one', '']) {
    const result = await owner.change(line.id, change, { form })
    // Not a change the forms send: the basket page again, with nothing changed.
    expect(result.status, change).toBe(200)
    expect(result.html, change).not.toMatch(/at \w+ \(|node_modules|Error:/)
  }
  expect((await owner.basket()).body.basket?.lines).toEqual([expect.objectContaining({ id: line.id, quantity: 1 })])
})

test('plain forms answer 303: to the basket after adding, and only ever back to a page on this site', async ({
  request,
}) => {
  const seller = visitor(request)
  const added = await seller.add(GOOD_IPHONE)
  // The visitor stays on the host they used (the server itself listens as localhost).
  expect(sentTo(added)).toBe(BASKET_PAGE)
  expect(added.response.headers()['set-cookie']).toMatch(/^basket=/)

  const line = added.basket.lines[0]!
  for (const [back, expected] of [
    ['/add-to-cart', '/add-to-cart'],
    ['/complete-order', '/complete-order'],
    ['//evil.example/steal', '/add-to-cart'],
    ['https://evil.example/', '/add-to-cart'],
  ] as const) {
    expect(sentTo(await seller.change(line.id, 1, { back })), back).toBe(expected)
  }
  expect((await seller.basket()).body.basket?.count).toBe(5)

  const refused = await seller.add({ model: IPHONE_13.id, storage: '128gb', answers: { power: 'yes' } })
  expect(sentTo(refused)).toMatch(new RegExp(`^${IPHONE_13.path}/price\\?`))
  expect(refused.basket.count).toBe(5)
})
