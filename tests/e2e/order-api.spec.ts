import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { testClientAddress, uniqueEmail } from '../support/e2e-env'
import { logIn, newSeller, signUp } from './account-helpers'
import { REFERENCE, staffPage } from './order-helpers'
import { GOOD_ANSWERS, IPHONE_13 } from './sell-helpers'

// Checkout, the tracker and the staff endpoint as a script (or an attacker) sees them.
test.beforeEach(() => {
  test.skip(test.info().project.name !== 'desktop', 'HTTP behaviour does not depend on the screen')
})

type Api = { request: APIRequestContext; origin: string; address: string }

function api(page: Page, baseURL: string): Api {
  return { request: page.request, origin: new URL(baseURL).origin, address: testClientAddress() }
}

const post = (api: Api, path: string, data: unknown, headers: Record<string, string> = {}) =>
  api.request.post(path, {
    headers: { origin: api.origin, 'x-forwarded-for': api.address, ...headers },
    data: data as Record<string, unknown>,
  })

/** A basket holding an iPhone 13, and the one-time key and prices its checkout form carries. */
async function basketAndForm(api: Api) {
  const added = await post(api, '/api/basket', { model: IPHONE_13.id, storage: '128gb', answers: GOOD_ANSWERS })
  expect(added.status()).toBe(201)
  const html = await (await api.request.get('/complete-order', { headers: { 'x-forwarded-for': api.address } })).text()
  const hidden = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? ''
  return { idempotencyKey: hidden('idempotencyKey'), confirmedPrices: hidden('confirmedPrices') }
}

function validBody(email: string, form: { idempotencyKey: string; confirmedPrices: string }) {
  return {
    name: 'Pat Seller',
    email,
    phone: '+44 7700 900123',
    addressLine1: '3 Station Road',
    town: 'York',
    postcode: 'YO1 7HH',
    accountHolder: 'P Seller',
    sortCode: '309430',
    accountNumber: '87654321',
    declareAge: 'true',
    declareOwner: 'true',
    declareWiped: 'true',
    declareTerms: 'true',
    ...form,
  }
}

test('every checkout field wrong in turn gets its own message and a 422; markup is refused', async ({
  page,
  baseURL,
}) => {
  const client = api(page, baseURL!)
  const form = await basketAndForm(client)
  const good = validBody(uniqueEmail('fields'), form)
  const cases: Array<[field: string, value: string, code: string]> = [
    ['name', '', 'nameMissing'],
    ['name', '<script>alert(1)</script>', 'nameInvalid'],
    ['email', 'not-an-address', 'emailInvalid'],
    ['phone', '020 7946 0123', 'phoneInvalid'],
    ['addressLine1', '', 'addressLine1Missing'],
    ['addressLine1', '<img src=x onerror=alert(1)>', 'addressInvalid'],
    ['town', '', 'townMissing'],
    ['postcode', '12345', 'postcodeInvalid'],
    ['accountHolder', '', 'accountHolderMissing'],
    ['sortCode', '30943', 'sortCodeInvalid'],
    ['accountNumber', '1234', 'accountNumberInvalid'],
    ['declareAge', '', 'declareAgeMissing'],
    ['declareOwner', '', 'declareOwnerMissing'],
    ['declareWiped', '', 'declareWipedMissing'],
    ['declareTerms', '', 'declareTermsMissing'],
  ]
  for (const [field, value, code] of cases) {
    const response = await post(client, '/api/orders/checkout', { ...good, [field]: value })
    expect(response.status(), `${field}=${value}`).toBe(422)
    const body = await response.json()
    expect(body.errors).toEqual([expect.objectContaining({ field, code, message: expect.any(String) })])
    expect(body.errors[0].message).not.toMatch(/undefined|\{[a-z]+\}/)
  }
})

test('a 1 MB body, another site, a forged price and a reused key are refused; a retry makes one order', async ({
  page,
  baseURL,
}) => {
  const client = api(page, baseURL!)
  const form = await basketAndForm(client)
  const email = uniqueEmail('abuse')
  const good = validBody(email, form)

  const huge = await post(client, '/api/orders/checkout', { ...good, name: 'x'.repeat(1024 * 1024) })
  expect(huge.status()).toBe(413)
  const elsewhere = await post(client, '/api/orders/checkout', good, { origin: 'https://evil.example' })
  expect(elsewhere.status()).toBe(403)

  // A price in the body sets nothing; prices the seller did not see are refused.
  const forged = await post(client, '/api/orders/checkout', {
    ...good,
    pricePence: 1,
    totalPence: 99_999_00,
    confirmedPrices: form.confirmedPrices.replace(/:11400$/, ':99999900'),
  })
  expect(forged.status()).toBe(409)
  expect((await forged.json()).code).toBe('pricesChanged')

  const first = await post(client, '/api/orders/checkout', { ...good, pricePence: 1 })
  expect(first.status()).toBe(200)
  const { redirect } = await first.json()
  // A double click or a retry: the same key and body answer with the same order.
  const again = await post(client, '/api/orders/checkout', { ...good, pricePence: 1 })
  expect(again.status()).toBe(200)
  const referenceOf = (link: string) => decodeURIComponent(link).match(REFERENCE)![0]
  expect(referenceOf((await again.json()).redirect)).toBe(referenceOf(redirect))
  // The same key with other details is refused.
  const reused = await post(client, '/api/orders/checkout', { ...good, name: 'Someone Else' })
  expect(reused.status()).toBe(409)
  expect((await reused.json()).code).toBe('keyReused')

  // The order holds the server's price, not the one sent.
  await page.goto(redirect)
  await expect(page.getByText('Apple iPhone 13 128GB, Good: £114')).toBeVisible()
})

test('the tracker answers a wrong pair like an unknown reference, and slows down guessing', async ({
  page,
  baseURL,
}) => {
  const client = api(page, baseURL!)
  const form = await basketAndForm(client)
  const email = uniqueEmail('tracker')
  const placed = await post(client, '/api/orders/checkout', validBody(email, form))
  const reference = decodeURIComponent((await placed.json()).redirect).match(REFERENCE)![0]

  const track = (body: Record<string, string>) => post(client, '/api/orders/track', body)
  const right = await track({ reference, lookup: 'yo17hh' })
  expect(right.status()).toBe(200)
  const wrongPair = await track({ reference, lookup: 'someone@example.com' })
  const unknown = await track({ reference: 'HB-2222-2222', lookup: email })
  expect(wrongPair.status()).toBe(404)
  expect(unknown.status()).toBe(404)
  expect(await wrongPair.json()).toEqual(await unknown.json())
  const badLink = await page.goto('/order-tracker-details?order=HB-2222-2222.9999999999.forged')
  expect(badLink?.status()).toBe(200)
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or is not complete' })).toBeVisible()

  // 50 rapid lookups: the first few are answered, the rest wait.
  const statuses: number[] = []
  for (let i = 0; i < 50; i++) statuses.push((await track({ reference: 'HB-3333-3333', lookup: email })).status())
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40)
  expect(statuses.every((status) => status === 404 || status === 429)).toBe(true)
})

test('a seller cannot use the staff endpoint; two staff moving one order at once: one wins, one is told', async ({
  page,
  browser,
  baseURL,
}) => {
  const client = api(page, baseURL!)
  const form = await basketAndForm(client)
  const placed = await post(client, '/api/orders/checkout', validBody(uniqueEmail('race'), form))
  const reference = decodeURIComponent((await placed.json()).redirect).match(REFERENCE)![0]

  const seller = newSeller('notstaff')
  await signUp(page, seller)
  await logIn(page, seller.email, seller.password)
  const asSeller = await page.request.post('/api/admin/orders', {
    headers: { origin: client.origin },
    form: { reference, action: 'receive', expectedStatus: 'placed' },
    maxRedirects: 0,
  })
  expect(asSeller.status()).toBe(404)

  const [one, two] = await Promise.all([staffPage(browser), staffPage(browser, 'manager')])
  const receive = (staff: Page) =>
    staff.request.post('/api/admin/orders', {
      headers: { origin: client.origin },
      form: { reference, action: 'receive', expectedStatus: 'placed' },
      maxRedirects: 0,
    })
  const answers = await Promise.all([receive(one), receive(two)])
  const places = answers.map((answer) => answer.headers()['location'] ?? '')
  expect(
    answers.map((answer) => answer.status()),
    places.join(' '),
  ).toEqual([303, 303])
  expect(places.filter((place) => /done=receive/.test(place))).toHaveLength(1)
  expect(places.filter((place) => /moved=received/.test(place))).toHaveLength(1)
  // Staff pages are never cached or indexed.
  const staffView = await one.request.get(`/admin/orders/${reference}`)
  expect(staffView.headers()['cache-control']).toMatch(/no-store/)
  expect(staffView.headers()['x-robots-tag']).toMatch(/noindex/)
  await one.goto(places.find((place) => /moved=/.test(place))!)
  await expect(one.getByText(/Someone else moved this order first: it is now Device received/)).toBeVisible()
})
