import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { MAIL_OUTBOX_DIR, uniqueEmail } from '../support/e2e-env'
import { checkoutFields } from '../support/checkout-fields'
import { readOutbox, type ReceivedMail } from '../support/mail-messages'
import { linkIn, ownAddress } from './account-helpers'
import { readPageForm, sendPageForm } from './form-post'
import { fillCheckout, ownImei, REFERENCE, staffDoes, staffPage } from './order-helpers'

// "Contact us and we set up the order for you": a message about a device not in the list, staff's
// offer from it, the seller's e-mail link, and the order it makes, once. With the attacks: someone
// not staff making an offer, a price out of bounds, a forged link, a second accept.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

async function mailWhere(match: (mail: ReceivedMail) => boolean, what: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(async () => (found = (await readOutbox(MAIL_OUTBOX_DIR)).find(match)), { message: what, timeout: 10_000 })
    .toBeTruthy()
  return found!
}

async function sendMessage(page: Page, email: string) {
  await page.goto('/contact-us')
  const form = page.getByRole('region', { name: 'Send us a message' })
  await form.getByLabel('Your name').fill('Jo Bloggs')
  await form.getByLabel('Your e-mail address').fill(email)
  await form.getByLabel('Your message').fill('I have a Google Pixel Fold 256GB, not in your list. What would you pay?')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByRole('status')).toBeVisible()
}

const offers = (page: Page) => page.getByRole('region', { name: 'Offers' })

test('staff offer for an unlisted device: e-mailed, accepted once from its link, an order at the offered price', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('unlisted')
  const model = `Google Pixel Fold 256GB ${randomUUID().slice(0, 6)}`
  await sendMessage(page, email)
  const toBusiness = await mailWhere((mail) => mail.replyTo === email, 'the contact e-mail')
  const messagePath = linkIn(toBusiness, '/admin/messages/')

  const staff = await staffPage(browser)
  await staff.goto(messagePath)
  await expect(offers(staff)).toBeVisible()
  const form = await readPageForm(staff.request, messagePath, { button: 'E-mail the offer' })
  const offer = { model, price: '240.50', reason: 'Like new, boxed, as the photos showed' }

  // The attack: someone not staff posts staff's form (its action and fields). The 404, and nothing
  // made: the list below is still empty.
  const forged = await sendPageForm(page.request, messagePath, { ...form.hidden, ...offer }, { origin: form.origin })
  expect(forged.status).toBe(404)

  // A price out of bounds is refused by the server, in the content's words, whatever the browser
  // checked: the page comes back with the problem (a server action's answer, as every form's here).
  for (const price of ['0', '2000.01', 'lots']) {
    const refused = await sendPageForm(staff.request, messagePath, { ...form.hidden, ...offer, price }, form)
    expect(refused.location).toBeNull()
    expect(refused.problems).toContainEqual({
      code: 'priceInvalid',
      message: 'Enter a price in pounds between £1 and £2,000, for example 85 or 85.50, or tick free recycling.',
    })
  }
  await staff.goto(messagePath)
  await expect(offers(staff).getByRole('listitem')).toHaveCount(0)

  // Staff make the offer on the page.
  await offers(staff).getByLabel('Make, model and storage').fill(offer.model)
  await offers(staff).getByLabel('Price (£)').fill(offer.price)
  await offers(staff).getByLabel('Why this price (the order’s history keeps it)').fill(offer.reason)
  await offers(staff).getByRole('button', { name: 'E-mail the offer' }).click()
  await expect(offers(staff).getByRole('status')).toHaveText('Offer sent: the e-mail is on its way.')
  await expect(offers(staff).getByRole('listitem')).toHaveCount(1)
  await expect(offers(staff).getByRole('listitem')).toContainText(`${model} at £240.50: Open.`)

  // The seller's e-mail, to the message's address, with the link.
  const toSeller = await mailWhere((mail) => mail.to === email && mail.subject.startsWith('Our offer'), 'the offer')
  expect(toSeller.subject).toBe(`Our offer for your ${model}`)
  expect(toSeller.text).toContain('We can offer £240.50 for it')
  const link = linkIn(toSeller, '/complete-order?offer=')

  // A link altered by a letter opens nothing, and accepts nothing.
  const token = decodeURIComponent(new URL(link, 'http://x').searchParams.get('offer')!)
  const altered = `/complete-order?offer=${encodeURIComponent(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))}`
  await page.goto(altered)
  await expect(page.locator('[data-problem="offerUnavailable"]')).toBeVisible()

  // The seller accepts: checkout's form, with the offer in place of a basket.
  await page.goto(link)
  await expect(page.getByRole('table', { name: 'Our offer for your device' })).toContainText(model)
  await expect(page.getByRole('table', { name: 'Our offer for your device' })).toContainText('£240.50')
  const acceptForm = await readPageForm(page.request, link, { form: 'offer' })
  const forgedAccept = await sendPageForm(
    page.request,
    link,
    { ...acceptForm.hidden, offer: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), ...checkoutFields(email) },
    acceptForm,
  )
  expect(forgedAccept.problems.map((problem) => problem.code)).toEqual(['linkInvalid'])

  await fillCheckout(page, email)
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  await expect(page).toHaveURL(/\/order-successful\?order=/)
  const reference = (await page.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0]

  // A second accept, sent again from the form as it was: no second order; the page says the offer is
  // no longer open (the form is not drawn again).
  const again = await sendPageForm(
    page.request,
    link,
    { ...acceptForm.hidden, ...checkoutFields(uniqueEmail('again')) },
    acceptForm,
  )
  expect(again.location).toBeNull()
  expect(again.problems.map((problem) => problem.code)).toEqual(['offerUnavailable'])
  await page.goto(link)
  await expect(page.locator('[data-problem="offerUnavailable"]')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Place order and get free postage' })).toHaveCount(0)

  // One order, at the offered price, its history naming who made the offer and why.
  await staff.goto(messagePath)
  await expect(offers(staff).getByRole('listitem')).toContainText(`${model} at £240.50: Accepted.`)
  await expect(offers(staff).getByRole('link', { name: /^Order HB-/ })).toHaveCount(1)
  await offers(staff)
    .getByRole('link', { name: `Order ${reference}` })
    .click()
  await expect(staff).toHaveURL(new RegExp(`/admin/orders/${reference}$`))
  await expect(staff.getByRole('main')).toContainText(model)
  await expect(staff.getByRole('main')).toContainText('£240.50')
  await expect(staff.getByRole('region', { name: 'History' })).toContainText(offer.reason)

  // A second offer, withdrawn by staff: its link no longer opens the form.
  await staff.goto(messagePath)
  await offers(staff).getByLabel('Make, model and storage').fill(`${model} (second)`)
  await offers(staff).getByLabel('Price (£)').fill('99')
  await offers(staff).getByLabel('Why this price (the order’s history keeps it)').fill('Second thoughts')
  await offers(staff).getByRole('button', { name: 'E-mail the offer' }).click()
  await expect(offers(staff).getByRole('status')).toHaveText('Offer sent: the e-mail is on its way.')
  const second = await mailWhere((mail) => mail.to === email && mail.subject.includes('(second)'), 'the 2nd offer')
  await offers(staff).getByRole('button', { name: 'Withdraw' }).click()
  await expect(offers(staff).getByRole('status')).toHaveText('Offer withdrawn: its link no longer works.')
  await expect(offers(staff).getByRole('listitem').nth(1)).toContainText('£99: Withdrawn.')
  await page.goto(linkIn(second, '/complete-order?offer='))
  await expect(page.locator('[data-problem="offerUnavailable"]')).toBeVisible()

  // Counted on the staff home.
  await staff.goto('/admin')
  await expect(staff.getByText(/^Offers for unlisted devices: \d+ made, [1-9]\d* accepted, \d+ open$/)).toBeVisible()
})

/** What checkout asks for payout, which a free recycling order does not. */
const PAYOUT_LABELS = ['Name on the account', 'Sort code', 'Account number']

test('free recycling: staff offer it from a message, the seller accepts with no payout details, and the £0 order is never paid', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('recycle')
  const model = `Nokia 3310 ${randomUUID().slice(0, 6)}`
  await sendMessage(page, email)
  const toBusiness = await mailWhere((mail) => mail.replyTo === email, 'the contact e-mail')
  const messagePath = linkIn(toBusiness, '/admin/messages/')
  const staff = await staffPage(browser)
  await staff.goto(messagePath)
  const form = await readPageForm(staff.request, messagePath, { button: 'E-mail the offer' })
  const offer = { model, reason: 'No resale value: an old model with a cracked screen' }

  // £0 is chosen, never typed: a price of nought is refused, and a price with recycling ticked too.
  const typedNought = await sendPageForm(staff.request, messagePath, { ...form.hidden, ...offer, price: '0' }, form)
  expect(typedNought.problems.map((problem) => problem.code)).toEqual(['priceInvalid'])
  const both = await sendPageForm(
    staff.request,
    messagePath,
    { ...form.hidden, ...offer, price: '5', recycle: 'true' },
    form,
  )
  expect(both.problems).toEqual([
    { code: 'recycleWithPrice', message: 'Either enter a price or tick free recycling, not both.' },
  ])

  // Staff tick free recycling on the page; the list says so, with no price.
  await offers(staff).getByLabel('Make, model and storage').fill(model)
  await offers(staff).getByLabel('Recycle it for free instead (no price: nothing is paid)').check()
  await offers(staff).getByLabel('Why this price (the order’s history keeps it)').fill(offer.reason)
  await offers(staff).getByRole('button', { name: 'E-mail the offer' }).click()
  await expect(offers(staff).getByRole('status')).toHaveText('Offer sent: the e-mail is on its way.')
  await expect(offers(staff).getByRole('listitem')).toContainText(`${model} at free recycling: Open.`)
  // And a priced offer from the same message, for the attacks below.
  await offers(staff).getByLabel('Make, model and storage').fill(`${model} (priced)`)
  await offers(staff).getByLabel('Price (£)').fill('20')
  await offers(staff).getByLabel('Why this price (the order’s history keeps it)').fill('Works')
  await offers(staff).getByRole('button', { name: 'E-mail the offer' }).click()
  await expect(offers(staff).getByRole('listitem')).toHaveCount(2)

  // The e-mail says it is free recycling, never "£0.00".
  const toSeller = await mailWhere((mail) => mail.to === email && mail.subject.includes('recycle'), 'the offer')
  expect(toSeller.subject).toBe(`We can recycle your ${model} for free`)
  expect(toSeller.text).toContain('we can still recycle it responsibly for free')
  expect(toSeller.text).not.toContain('£0')
  const link = linkIn(toSeller, '/complete-order?offer=')
  const priced = await mailWhere((mail) => mail.to === email && mail.subject.includes('(priced)'), 'the priced offer')
  const pricedLink = linkIn(priced, '/complete-order?offer=')
  const tokenOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').searchParams.get('offer')!)

  // The page asks no payout details, and names no price.
  await page.goto(link)
  const table = page.getByRole('table', { name: 'Our offer for your device' })
  await expect(table).toContainText(model)
  await expect(table).toContainText('Free recycling')
  await expect(table).not.toContainText('£')
  for (const label of PAYOUT_LABELS) await expect(page.getByRole('main').getByLabel(label)).toHaveCount(0)

  // The attacks: the free form sent with the priced offer's link (a priced order with no payout
  // details), and the priced form sent with the free one's (payout details on a £0 order). Both
  // refused as a link that opens no such offer; nothing is placed.
  const freeForm = await readPageForm(page.request, link, { form: 'offer' })
  const pricedForm = await readPageForm(page.request, pricedLink, { form: 'offer' })
  const freeWithPriced = await sendPageForm(
    page.request,
    link,
    { ...freeForm.hidden, offer: tokenOf(pricedLink), ...checkoutFields(email) },
    freeForm,
  )
  expect(freeWithPriced.problems.map((problem) => problem.code)).toEqual(['linkInvalid'])
  const pricedWithFree = await sendPageForm(
    page.request,
    pricedLink,
    { ...pricedForm.hidden, offer: tokenOf(link), ...checkoutFields(email) },
    pricedForm,
  )
  expect(pricedWithFree.problems.map((problem) => problem.code)).toEqual(['linkInvalid'])
  await staff.goto(messagePath)
  await expect(offers(staff).getByRole('link', { name: /^Order HB-/ })).toHaveCount(0)

  // The seller accepts with their address and the declarations only.
  await page.goto(link)
  await fillCheckout(page, email, PAYOUT_LABELS)
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  await expect(page).toHaveURL(/\/order-successful\?order=/)
  const reference = (await page.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0]
  await expect(page.getByRole('main')).not.toContainText('£0.00')

  // Its e-mail: free recycling, no price, and the free label.
  const placed = await mailWhere((mail) => mail.to === email && mail.subject.includes(reference), 'the order e-mail')
  expect(placed.subject).toContain('free recycling order')
  expect(placed.text).not.toContain('£0')
  expect(placed.text).toContain(`Your free recycling order number is ${reference}.`)
  expect(placed.text).toContain('with the free postage label')
  const label = await page.request.get(linkIn(placed, '/order-tracker-details/label?order='))
  expect(label.status()).toBe(200)
  expect(label.headers()['content-type']).toContain('application/pdf')

  // The seller's order page reads as free recycling, with no payout to change.
  await page.goto(linkIn(placed, '/order-tracker-details?order='))
  await expect(page.getByRole('main')).toContainText('This is a free recycling order: nothing is paid for your device.')
  await expect(page.getByRole('main')).not.toContainText('£0.00')
  await expect(page.locator('#payout-change')).toHaveCount(0)
  await expect(page.getByRole('main')).not.toContainText('insured for')

  // Staff receive and check it; a manager is offered no payment, and a forged one is refused.
  await staffDoes(staff, reference, 'Mark received')
  // A device in no catalogue has no checklist of its kind: staff record its IMEI and confirm.
  await staff.goto(`/admin/orders/${reference}?action=check#action-form`)
  await staff.getByLabel('IMEI').fill(ownImei())
  await staff.locator('#action-form input[name^="price-"]').fill('0')
  await staff.locator('#action-form [name^="reason-"]').fill('Free recycling, as offered')
  await staff.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(staff.getByText('Done.', { exact: true })).toBeVisible()
  await expect(staff.getByRole('main')).toContainText('Checked')
  const checked = await mailWhere(
    (mail) => mail.to === email && mail.subject === `We have checked your device for order ${reference}`,
    'the checked e-mail',
  )
  expect(checked.text).toContain(`We have checked what you sent for free recycling, order ${reference}`)
  expect(checked.text).not.toContain('we pay')
  const manager = await staffPage(browser, 'manager')
  const path = `/admin/orders/${reference}`
  await manager.goto(path)
  const actions = manager.getByRole('region', { name: 'What to do next' })
  await expect(actions.getByRole('link', { name: 'Take for free recycling' })).toBeVisible()
  await expect(actions.getByRole('link', { name: 'Mark paid' })).toHaveCount(0)
  // Until it is taken, its payout section says what comes next.
  await expect(manager.getByRole('region', { name: 'Payout' })).toContainText(
    'Once it is checked, take it for free recycling.',
  )
  const recycleForm = await readPageForm(manager.request, `${path}?action=recycle`, { form: 'expectedStatus' })
  const forgedPay = await sendPageForm(manager.request, path, { ...recycleForm.hidden, action: 'pay' }, recycleForm)
  expect(forgedPay.location).toBeNull()
  expect(forgedPay.problems.map((problem) => problem.code)).toEqual(['freeOrder'])

  // Staff take it for recycling: its end, with nothing paid.
  await staffDoes(staff, reference, 'Take for free recycling')
  await manager.goto(path)
  await expect(manager.getByRole('main')).toContainText('Taken for free recycling')
  // Its payout section says why there is no account, not that the seller's details were removed.
  // Taken, it no longer asks for what is done.
  const payout = manager.getByRole('region', { name: 'Payout' })
  await expect(payout).toContainText('This is a free recycling order: nothing was paid for it, and it has been taken')
  await expect(payout).not.toContainText('removed')
  await expect(payout).not.toContainText('Once it is checked')
  await expect(manager.getByRole('region', { name: 'What to do next' }).getByRole('link')).toHaveCount(0)
})
