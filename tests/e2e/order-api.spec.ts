import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { checkoutFields } from '../support/checkout-fields'
import { testClientAddress, uniqueEmail } from '../support/e2e-env'
import { logIn, newSeller, signUp } from './account-helpers'
import { BASKET_PAGE, GOOD_IPHONE, visitor } from './basket-client'
import { postPageForm, problemsIn, readPageForm, sendPageForm, unescape, type PostedForm } from './form-post'
import { REFERENCE, staffPage } from './order-helpers'

// Checkout, the tracker and the staff forms as a browser without scripts (or an attacker) posts them:
// each is a server action on its page, answered with a 303 to the next page or the page again.
test.beforeEach(() => {
  test.skip(test.info().project.name !== 'desktop', 'HTTP behaviour does not depend on the screen')
})

type Client = { request: APIRequestContext; origin: string; headers: Record<string, string> }

function client(page: Page, baseURL: string): Client {
  return { request: page.request, origin: new URL(baseURL).origin, headers: { 'x-forwarded-for': testClientAddress() } }
}

/** A basket holding an iPhone 13, and its checkout form as the page gives it (one-time key, prices). */
async function basketAndForm(client: Client) {
  // Added as the price checker's form does without scripts: a 303 to the basket page.
  const added = await visitor(client.request, client.headers['x-forwarded-for']).add(GOOD_IPHONE)
  expect(added.status).toBe(303)
  expect(new URL(added.location!, added.response.url()).pathname).toBe(BASKET_PAGE)
  expect(added.basket.count).toBe(1)
  const form = await readPageForm(client.request, '/complete-order', {
    form: 'idempotencyKey',
    headers: client.headers,
  })
  expect(form.hidden.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  expect(form.hidden.confirmedPrices).toMatch(/:11400$/)
  return form.hidden
}

/** Sends the checkout form (hidden fields included) from this client, as a browser without scripts. */
const sendCheckout = (client: Client, fields: Record<string, string>, origin: string = client.origin) =>
  sendPageForm(client.request, '/complete-order', fields, { headers: client.headers, origin })

function validBody(email: string, hidden: Record<string, string>): Record<string, string> {
  return { ...hidden, ...checkoutFields(email) }
}

/** The error summary's links: each problem's code and the field it points at (`#<id>-<field>`). */
const summaryLinks = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="#[^"]*-([A-Za-z0-9]+)"[^>]*\bdata-problem="([^"]+)"/g)].map((match) => ({
    field: match[1]!,
    code: match[2]!,
  }))

const referenceOf = (answer: PostedForm) => decodeURIComponent(answer.location ?? '').match(REFERENCE)?.[0]

/** Places the order in the client's basket; answers with its reference. */
async function placed(client: Client, email: string): Promise<string> {
  const answer = await sendCheckout(client, validBody(email, await basketAndForm(client)))
  expect(answer.status, answer.problems.map((problem) => problem.code).join(' ')).toBe(303)
  expect(answer.location).toMatch(/^\/order-successful\?order=/)
  return referenceOf(answer)!
}

test('every checkout field wrong in turn comes back with its own problem; markup is refused', async ({
  page,
  baseURL,
}) => {
  const seller = client(page, baseURL!)
  const good = validBody(uniqueEmail('fields'), await basketAndForm(seller))
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
    // A name in another script would be an all-blank payee in the bank file.
    ['accountHolder', 'Дмитрий Иванов', 'accountHolderNotLatin'],
    ['sortCode', '30943', 'sortCodeInvalid'],
    ['accountNumber', '1234', 'accountNumberInvalid'],
    ['declareAge', '', 'declareAgeMissing'],
    ['declareOwner', '', 'declareOwnerMissing'],
    ['declareWiped', '', 'declareWipedMissing'],
    ['declareTerms', '', 'declareTermsMissing'],
  ]
  for (const [field, value, code] of cases) {
    const answer = await sendCheckout(seller, { ...good, [field]: value })
    // The checkout page again, not the receipt: nothing was placed.
    expect(answer.status, `${field}=${value}`).toBe(200)
    expect(answer.location).toBeNull()
    expect(
      answer.problems.map((problem) => problem.code),
      `${field}=${value}`,
    ).toEqual([code])
    expect(answer.problems[0]!.message).not.toMatch(/^$|undefined|\{[a-z]+\}/)
    // The summary's one link goes to the field that is wrong.
    expect(summaryLinks(answer.html)).toEqual([{ field, code }])
    // What was typed comes back, never the bank account's numbers (nor the markup as markup).
    expect(answer.html.includes('value="York"'), `${field}=${value}`).toBe(field !== 'town')
    expect(answer.html).not.toContain('87654321')
    expect(answer.html).not.toContain('<script>alert(1)')
    expect(answer.html).not.toContain('<img src=x')
  }
})

test('a 1 MB body, another site, a forged price and a reused key are refused; a retry makes one order', async ({
  page,
  baseURL,
}) => {
  const seller = client(page, baseURL!)
  const hidden = await basketAndForm(seller)
  const email = uniqueEmail('abuse')
  const good = validBody(email, hidden)

  const huge = await sendCheckout(seller, { ...good, name: 'x'.repeat(1024 * 1024) })
  expect(huge.status).toBe(413)
  const elsewhere = await sendCheckout(seller, good, 'https://evil.example')
  expect(elsewhere.status).toBe(403)

  // A price in the body sets nothing; prices the seller did not see are refused, and the page
  // comes back saying the prices changed.
  const forged = await sendCheckout(seller, {
    ...good,
    pricePence: '1',
    totalPence: '9999900',
    confirmedPrices: hidden.confirmedPrices!.replace(/:11400$/, ':99999900'),
  })
  expect(forged.status).toBe(200)
  expect(forged.location).toBeNull()
  // New prices are news, not a mistake: a notice above the form, not an item of the summary.
  expect(forged.problems).toEqual([])
  expect(forged.html).toMatch(/<div class="notice notice--panel" role="status"><h2>Prices have changed<\/h2>/)

  const first = await sendCheckout(seller, { ...good, pricePence: '1' })
  expect(first.status, first.problems.map((problem) => problem.code).join(' ')).toBe(303)
  expect(first.location).toMatch(/^\/order-successful\?order=/)
  // A double click or a retry: the same form sent again goes to the same order's receipt.
  const again = await sendCheckout(seller, { ...good, pricePence: '1' })
  expect(again.status).toBe(303)
  expect(again.location).toMatch(/^\/order-successful\?order=/)
  expect(referenceOf(again)).toBe(referenceOf(first))
  // The same key with other details is refused: no second order, no receipt. (The basket is empty
  // now, so the page comes back as the empty checkout, without the form or its problem.)
  const reused = await sendCheckout(seller, { ...good, name: 'Someone Else' })
  expect(reused.status).toBe(200)
  expect(reused.location).toBeNull()
  expect(reused.html).not.toContain('name="idempotencyKey"')
  // With a device in the basket again, the spent key with this basket's prices and other details
  // is refused by name, and the form comes back.
  const next = await basketAndForm(seller)
  const reusedWithBasket = await sendCheckout(seller, {
    ...good,
    name: 'Someone Else',
    confirmedPrices: next.confirmedPrices!,
  })
  expect(reusedWithBasket.status).toBe(200)
  expect(reusedWithBasket.location).toBeNull()
  expect(reusedWithBasket.problems.map((problem) => problem.code)).toEqual(['keyReused'])
  // That basket's own form, with its own key, still places its order: a second one, not the first.
  const second = await sendCheckout(seller, validBody(email, next))
  expect(second.status).toBe(303)
  expect(referenceOf(second)).toMatch(REFERENCE)
  expect(referenceOf(second)).not.toBe(referenceOf(first))

  // The order holds the server's price, not the one sent.
  await page.goto(first.location!)
  await expect(page.getByText('Apple iPhone 13 128GB, Good: £114')).toBeVisible()
  await expect(page.getByText(referenceOf(first)!).first()).toBeVisible()
})

test('the tracker answers a wrong pair like an unknown reference, and slows down guessing', async ({
  page,
  baseURL,
}) => {
  const seller = client(page, baseURL!)
  const email = uniqueEmail('tracker')
  const reference = await placed(seller, email)

  const tracker = await readPageForm(seller.request, '/order-tracker', { form: 'lookup', headers: seller.headers })
  const track = (fields: Record<string, string>) =>
    sendPageForm(
      seller.request,
      '/order-tracker',
      { ...tracker.hidden, ...fields },
      {
        headers: seller.headers,
        origin: seller.origin,
      },
    )
  const right = await track({ reference, lookup: 'yo17hh' })
  expect(right.status).toBe(303)
  expect(right.location).toMatch(/^\/order-tracker-details\?order=/)
  expect(decodeURIComponent(right.location!)).toContain(reference)
  const wrongPair = await track({ reference, lookup: 'someone@example.com' })
  const unknown = await track({ reference: 'HB-2222-2222', lookup: email })
  for (const answer of [wrongPair, unknown]) {
    expect(answer.status).toBe(200)
    expect(answer.location).toBeNull()
    expect(answer.problems.map((problem) => problem.code)).toEqual(['notFound'])
  }
  // Word for word the same: the answer does not say which half was wrong.
  expect(wrongPair.problems).toEqual(unknown.problems)
  const badLink = await page.goto('/order-tracker-details?order=HB-2222-2222.9999999999.forged')
  expect(badLink?.status()).toBe(200)
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or is not complete' })).toBeVisible()

  // 50 rapid lookups: the first few are answered, the rest are asked to wait; never a 5xx.
  const answers: PostedForm[] = []
  for (let i = 0; i < 50; i++) answers.push(await track({ reference: 'HB-3333-3333', lookup: email }))
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
  const codes = answers.map((answer) => answer.problems.map((problem) => problem.code).join(' '))
  expect(codes.filter((code) => code === 'tooMany').length).toBeGreaterThanOrEqual(40)
  expect(
    codes.every((code) => code === 'notFound' || code === 'tooMany'),
    codes.join(', '),
  ).toBe(true)
  // The wait is said in words, with how long.
  const waiting = answers.at(-1)!.problems[0]!.message
  expect(waiting).toMatch(/\d/)
  expect(waiting).not.toMatch(/undefined|\{[a-z]+\}/)
})

test('the parcel is not a key: reference and postcode show the order, but cannot cancel or answer it', async ({
  page,
  baseURL,
}) => {
  const seller = client(page, baseURL!)
  const email = uniqueEmail('parcel')
  const order = await sendCheckout(seller, validBody(email, await basketAndForm(seller)))
  expect(order.status).toBe(303)
  const reference = referenceOf(order)!
  // The seller's own signed link (the receipt's, as in the e-mails) opens the order with its forms.
  const signed = new URL(order.location!, baseURL).searchParams.get('order')!
  const sellerPage = `/order-tracker-details?order=${encodeURIComponent(signed)}`

  // Someone holding the parcel reads the reference and the postcode off its label.
  const attacker: Client = { ...seller, headers: { 'x-forwarded-for': testClientAddress() } }
  const tracked = await postPageForm(
    attacker.request,
    '/order-tracker',
    { reference, lookup: 'YO1 7HH' },
    {
      form: 'lookup',
      headers: attacker.headers,
    },
  )
  expect(tracked.status).toBe(303)
  const shown = tracked.location!
  expect(shown).toMatch(/^\/order-tracker-details\?order=/)
  // The cancel form is the same on every order's page (the attacker's own order has one): posted
  // with the token the tracker gave, to a page that holds it (here the seller's, standing in).
  const form = await readPageForm(seller.request, sellerPage, { button: 'Cancel this order', headers: seller.headers })
  const viewToken = new URL(shown, baseURL).searchParams.get('order')!
  for (const answer of ['cancel', 'accept', 'decline']) {
    const refused = await sendPageForm(
      attacker.request,
      sellerPage,
      { ...form.hidden, token: viewToken, answer },
      { headers: attacker.headers, origin: attacker.origin },
    )
    expect(refused.status, answer).toBe(200)
    expect(refused.problems.map((problem) => problem.code)).toEqual(['signedLinkNeeded'])
  }
  // They may see where it is, and are told how its owner acts on it; no button offers to change it.
  const html = await (await attacker.request.get(shown, { headers: attacker.headers })).text()
  expect(html).toContain(reference)
  expect(unescape(html)).toContain('open the link in the e-mail we sent you, or log in to your account')
  expect(html).not.toContain('Cancel this order')

  const still = await (await seller.request.get(sellerPage, { headers: seller.headers })).text()
  expect(still).toContain('Cancel this order')

  // The seller's signed link still cancels it.
  const cancelled = await sendPageForm(seller.request, '/order-tracker-details', form.hidden, {
    headers: seller.headers,
    origin: seller.origin,
  })
  expect(cancelled.status).toBe(303)
  expect(cancelled.location).toMatch(/&done=cancel$/)
})

test('a seller cannot post the staff form; two staff moving one order at once: one wins, one is told', async ({
  page,
  browser,
  baseURL,
}) => {
  const reference = await placed(client(page, baseURL!), uniqueEmail('race'))
  const [one, two] = await Promise.all([staffPage(browser), staffPage(browser, 'manager')])
  const path = `/admin/orders/${reference}`
  // The form as each member of staff's page gives it: the staff action's id, the order, its status.
  const receiveForm = (staff: Page) => readPageForm(staff.request, `${path}?action=receive`, { form: 'expectedStatus' })
  const { hidden, origin } = await receiveForm(one)
  expect(hidden).toMatchObject({ reference, action: 'receive', expectedStatus: 'placed' })

  // A seller who has the form's fields (the action's id is the same for everyone) meets the 404.
  const seller = newSeller('notstaff')
  await signUp(page, seller)
  await logIn(page, seller.email, seller.password)
  const asSeller = await sendPageForm(page.request, path, hidden, { origin })
  expect(asSeller.status).toBe(404)
  expect(asSeller.location).toBeNull()
  // Nothing moved: the race below starts from "placed".

  const forms = [hidden, (await receiveForm(two)).hidden]
  const answers = await Promise.all(
    [one, two].map((staff, index) => sendPageForm(staff.request, path, forms[index]!, { origin })),
  )
  // One is sent on to the order's page, done; the other's form comes back saying who was first.
  const statuses = answers.map((answer) => answer.status).sort()
  expect(statuses, answers.map((answer) => answer.location).join(' ')).toEqual([200, 303])
  const winner = answers.find((answer) => answer.status === 303)!
  expect(winner.location).toBe(`${path}?done=receive`)
  const loser = answers.find((answer) => answer.status === 200)!
  expect(loser.problems).toEqual([
    {
      code: 'moved',
      message: 'Someone else moved this order first: it is now Device received. Check it and try again.',
    },
  ])
  // Staff pages are never cached or indexed.
  const staffView = await one.request.get(path)
  expect(staffView.headers()['cache-control']).toMatch(/no-store/)
  expect(staffView.headers()['x-robots-tag']).toMatch(/noindex/)
  // Only the answer says so: the order's page, opened again, says nothing of it.
  expect(problemsIn(await staffView.text())).toEqual([])
})
