import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { MAIL_OUTBOX_DIR, uniqueEmail } from '../support/e2e-env'
import { checkoutFields } from '../support/checkout-fields'
import { readOutbox, type ReceivedMail } from '../support/mail-messages'
import { linkIn, ownAddress } from './account-helpers'
import { readPageForm, sendPageForm } from './form-post'
import { fillCheckout, REFERENCE, staffPage } from './order-helpers'

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
      message: 'Enter a price in pounds between £1 and £2,000, for example 85 or 85.50.',
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
