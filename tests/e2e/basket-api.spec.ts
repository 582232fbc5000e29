import { expect, test } from '@playwright/test'
import { seedBasketLimit } from '../support/seed-content'
import { GOOD_IPHONE, UNKNOWN_CHOICE, visitor } from './basket-client'
import { GOOD_ANSWERS, IPHONE_13 } from './sell-helpers'

// HTTP tests of the basket API; the browser project is irrelevant, so run them once.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

test('the server prices a device from the catalogue: a price sent with it is ignored', async ({ request }) => {
  const seller = visitor(request)
  const added = await seller.add({ ...GOOD_IPHONE, price: 1, pricePence: 1, lineTotalPence: 1, totalPence: 1 })
  expect(added.status).toBe(201)
  const basket = added.body.basket!
  expect(basket.lines).toEqual([
    expect.objectContaining({
      device: IPHONE_13.device,
      gradeName: 'Good',
      quantity: 1,
      pricePence: 11400,
      addedPricePence: 11400,
      lineTotalPence: 11400,
    }),
  ])
  expect(basket).toMatchObject({ count: 1, totalPence: 11400, limit: seedBasketLimit(), removed: [] })

  const cookie = added.response.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie')?.value ?? ''
  expect(cookie).toMatch(/^basket=[\w-]{43};/)
  expect(cookie).toMatch(/; HttpOnly/i)
  expect(cookie).toMatch(/; SameSite=lax/i)
  expect(cookie).toMatch(/; Path=\//)
  expect(cookie).toMatch(/; Max-Age=2592000/)
  expect(added.response.headers()['cache-control']).toContain('no-store')

  // The same basket comes back on the next request, with the same server price.
  const read = await seller.basket()
  expect(read.status).toBe(200)
  expect(read.body.basket).toEqual(basket)
})

test('an unknown model is 404, and an unknown storage size or answer is 422 naming the field', async ({ request }) => {
  const seller = visitor(request)
  const unknownModel = await seller.add({ ...GOOD_IPHONE, model: 'model-nokia-3310' })
  expect(unknownModel.status).toBe(404)
  expect(unknownModel.body).toMatchObject({
    ok: false,
    code: 'unknown_model',
    message: 'We do not buy that model. Choose your device from the list.',
  })

  const unknownStorage = await seller.add({ ...GOOD_IPHONE, storage: '64gb' })
  expect(unknownStorage.status).toBe(422)
  expect(unknownStorage.body).toMatchObject({
    code: 'invalid',
    message: UNKNOWN_CHOICE,
    errors: [{ field: 'storage', message: UNKNOWN_CHOICE }],
  })

  const unknownAnswer = await seller.add({ ...GOOD_IPHONE, answers: { ...GOOD_ANSWERS, power: 'mostly' } })
  expect(unknownAnswer.status).toBe(422)
  expect(unknownAnswer.body.errors).toEqual([{ field: 'power', message: UNKNOWN_CHOICE }])

  const missing = await seller.add({ model: IPHONE_13.id, answers: { power: 'yes' } })
  expect(missing.status).toBe(422)
  expect(missing.body.errors).toEqual([
    { field: 'storage', message: 'Choose how much storage it has' },
    { field: 'cracks', message: 'Choose an answer' },
    { field: 'casing', message: 'Choose an answer' },
    { field: 'lock', message: 'Choose an answer' },
    { field: 'blocked', message: 'Choose an answer' },
  ])

  const refused = await seller.add({ ...GOOD_IPHONE, answers: { ...GOOD_ANSWERS, lock: 'no' } })
  expect(refused.status).toBe(422)
  expect(refused.body.code).toBe('refused')
  expect(refused.body.message).toMatch(/^We cannot buy a device with an activation lock on/)

  for (const result of [unknownModel, unknownStorage, unknownAnswer, missing, refused]) {
    expect(result.response.headers()['set-cookie']).toBeUndefined()
    expect(JSON.stringify(result.body)).not.toMatch(/at \w+ \(|node_modules|Error:/)
  }
  expect((await seller.basket()).body.basket).toMatchObject({ count: 0, lines: [] })
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
  const added = await seller.add(GOOD_IPHONE, { cookie: forged })
  expect(added.status).toBe(201)
  expect(added.body.basket?.count).toBe(1)
  const cookie = added.response.headers()['set-cookie'] ?? ''
  expect(cookie).toMatch(/^basket=[\w-]{43};/)
  expect(cookie).not.toContain(forged)
})

const badBodies: Array<[name: string, body: string, type: string, status: number, code: string]> = [
  ['malformed JSON', '{"model": "model-iphone-13",', 'application/json', 400, 'malformed_json'],
  [
    'a body over 10 kB',
    JSON.stringify({ ...GOOD_IPHONE, pad: 'x'.repeat(20_000) }),
    'application/json',
    413,
    'payload_too_large',
  ],
  ['another content type', JSON.stringify(GOOD_IPHONE), 'text/plain', 415, 'unsupported_media_type'],
  ['a JSON array', '[1,2]', 'application/json', 400, 'malformed'],
  [
    'answers that are not an object',
    JSON.stringify({ ...GOOD_IPHONE, answers: 'all good' }),
    'application/json',
    400,
    'malformed',
  ],
  ['no model', JSON.stringify({ storage: '128gb', answers: GOOD_ANSWERS }), 'application/json', 400, 'malformed'],
]

for (const [name, body, type, status, code] of badBodies) {
  test(`adding refuses ${name} with ${status}`, async ({ request }) => {
    const seller = visitor(request)
    const result = await seller.add(body, { 'content-type': type })
    expect(result.status).toBe(status)
    expect(result.body).toMatchObject({ ok: false, code })
    expect(result.body.message).toMatch(/\w/)
    expect(result.response.headers()['set-cookie']).toBeUndefined()
  })
}

test('a change posted from another site is refused with 403', async ({ request }) => {
  const seller = visitor(request)
  const evil = { origin: 'https://evil.example' }
  const added = await seller.add(GOOD_IPHONE, evil)
  expect(added.status).toBe(403)
  expect(added.body.code).toBe('cross_origin')
  const line = (await seller.add(GOOD_IPHONE)).body.basket!.lines[0]!
  const changed = await seller.change(line.id, 1, evil)
  expect(changed.status).toBe(403)
  expect((await seller.basket()).body.basket?.count).toBe(1)
})

test('one client adding too fast gets 429 with Retry-After', async ({ request }) => {
  const seller = visitor(request)
  // Malformed bodies are counted too, and are cheap: the limit comes before the body is read.
  const statuses: number[] = []
  for (let i = 0; i < 60; i++) statuses.push((await seller.add('{')).status)
  expect(statuses.every((status) => status === 400)).toBe(true)
  const over = await seller.add(GOOD_IPHONE)
  expect(over.status).toBe(429)
  expect(over.body.code).toBe('rate_limited')
  expect(Number(over.response.headers()['retry-after'])).toBeGreaterThan(0)
  // Another client is not affected.
  expect((await visitor(request).add(GOOD_IPHONE)).status).toBe(201)
})
