import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { uniqueEmail } from '../support/e2e-env'
import { linkIn, mailTo, ownAddress } from './account-helpers'
import { violations } from './axe'
import { fillCheckout, REFERENCE, searchOrders, staffDoes, staffPage } from './order-helpers'
import { addGoodIphone, choose, GOOD_CHOICES, IPHONE_13, quoteForm } from './sell-helpers'

// The seller's own controls: the label by e-mail and again later, a postage pack, the review link.
const PACK = 'Post me a free postage pack: a padded envelope with the label already on it'
const PACK_NOTE = 'You asked for a postage pack: we will post you a padded envelope with the label already on it'
const REVIEW_PAGE = 'https://www.trustpilot.com/review/example.co.uk'

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000)
  await ownAddress(page)
})

/** Checks out the basket with the postage pack ticked or not; answers with the reference. */
async function checkOut(page: Page, email: string, pack: boolean): Promise<string> {
  await page.goto('/complete-order')
  await fillCheckout(page, email)
  if (pack) await page.getByRole('main').getByLabel(PACK, { exact: true }).check()
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  await expect(page).toHaveURL(/\/order-successful\?order=/)
  return (await page.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0]
}

/** Opens a label's address as a mail program or browser would, and reads the PDF it answers with. */
async function labelAt(request: APIRequestContext, path: string) {
  const response = await request.get(path)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect(response.headers()['cache-control']).toBe('private, no-store')
  return PDFDocument.load(await response.body())
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true })

test('the label comes by e-mail and again from the order page; a postage pack reaches staff; the paid e-mail links a review', async ({
  page,
  browser,
  request,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'one order through to paid, at desktop width')
  test.setTimeout(180_000)
  const email = uniqueEmail('label')
  await addGoodIphone(page)
  const reference = await checkOut(page, email, true)

  // The receipt says a pack is coming and offers the label as a PDF, beside the printable one.
  await expect(page.getByText(PACK_NOTE)).toBeVisible()
  const pdfLink = page.getByRole('link', { name: 'Download the label as a PDF' })
  expect((await labelAt(request, (await pdfLink.getAttribute('href'))!)).getTitle()).toBe(
    `Free postage label ${reference}`,
  )

  // The confirmation, as the seller reads it: the pack, then the label behind its own signed link.
  const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
  expect(confirmation.text).toContain(PACK_NOTE)
  expect(confirmation.text).toContain('Print it from the link below, or from your order page at any time.')
  const fromMail = await labelAt(request, linkIn(confirmation, '/order-tracker-details/label?order='))
  expect(fromMail.getTitle()).toBe(`Free postage label ${reference}`)
  expect(fromMail.getSubject()).toBe(reference)

  // Later, the order page (the e-mail's link) prints it again.
  await page.goto(linkIn(confirmation, '/order-tracker-details?order='))
  const again = page.getByRole('link', { name: 'Print your free postage label again (PDF)' })
  expect((await labelAt(request, (await again.getAttribute('href'))!)).getSubject()).toBe(reference)

  // Staff see the pack to post, in the list and on the order.
  const staff = await staffPage(browser, 'manager')
  await searchOrders(staff, email)
  const row = staff.getByRole('row', { name: new RegExp(reference) })
  await expect(row.getByRole('cell', { name: 'Asked for: post one' })).toBeVisible()
  await shoot(staff, 'staff-orders-pack')
  await staff.goto(`/admin/orders/${reference}`)
  await expect(staff.getByRole('definition').filter({ hasText: 'Asked for: post one' })).toBeVisible()
  expect(await violations(staff)).toEqual([])
  await shoot(staff, 'staff-order-pack')

  // Received, checked and paid: the paid e-mail asks for a review and links the review page.
  await staffDoes(staff, reference, 'Mark received')
  await staffDoes(staff, reference, 'Record the check', async () => {
    await staff.getByLabel('IMEI').fill('490154203237518')
  })
  await staffDoes(staff, reference, 'Mark paid')
  const paid = await mailTo(email, new RegExp(`paid you for order ${reference}`))
  expect(paid.text).toContain('How did we do? A review on Trustpilot takes a minute')
  expect(paid.text).toContain(`Review us on Trustpilot:\n${REVIEW_PAGE}`)
  // Past the parcel's arrival the order page no longer offers the label.
  await page.reload()
  await expect(page.getByRole('link', { name: 'Print your free postage label again (PDF)' })).toHaveCount(0)
})

test('a stranger gets no label: no link, a forged one, or the tracker’s view-only link', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'desktop', 'requests, not a layout')
  const email = uniqueEmail('label-stranger')
  await addGoodIphone(page)
  const reference = await checkOut(page, email, false)
  const own = linkIn(await mailTo(email, new RegExp(`order ${reference}`)), '/order-tracker-details/label?order=')

  // The reference and postcode are printed on the parcel: the tracker's link shows the order only.
  await page.goto('/order-tracker')
  await page.getByLabel('Order number', { exact: true }).fill(reference)
  await page.getByLabel('E-mail address or postcode', { exact: true }).fill('LS1 4AP')
  await page.getByRole('button', { name: 'Find my order' }).click()
  await expect(page).toHaveURL(/\/order-tracker-details\?order=/)
  await expect(page.getByRole('link', { name: 'Print your free postage label again (PDF)' })).toHaveCount(0)
  const viewOnly = new URL(page.url()).searchParams.get('order')!

  const token = new URL(own, 'http://site').searchParams.get('order')!
  for (const path of [
    '/order-tracker-details/label',
    `/order-tracker-details/label?order=${encodeURIComponent(viewOnly)}`,
    `/order-tracker-details/label?order=${encodeURIComponent(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`,
    `/order-tracker-details/label?order=${encodeURIComponent(token.replace(reference, 'HB-2222-2222'))}`,
  ]) {
    const refused = await request.get(path)
    expect(refused.status(), path).toBe(404)
    expect(refused.headers()['content-type']).toMatch(/^text\/plain/)
    expect(refused.headers()['referrer-policy'], path).toBe('no-referrer')
    expect(await refused.text()).not.toContain(reference)
  }
  const label = await request.get(own)
  expect(label.status()).toBe(200)
  // As documented: the label's address, which grants it, is never sent on to another page.
  expect(label.headers()['referrer-policy']).toBe('no-referrer')
})

test('without scripts: the postage pack is asked for and the label opens from the receipt', async ({ browser }) => {
  test.skip(test.info().project.name !== 'desktop', 'the no-script checkout runs once')
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await ownAddress(page)
  await page.goto(IPHONE_13.path)
  await choose(page, GOOD_CHOICES)
  await quoteForm(page).getByRole('button', { name: 'Show my price', exact: true }).click()
  await quoteForm(page).getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page).toHaveURL(/\/add-to-cart$/)
  const email = uniqueEmail('label-noscript')
  const reference = await checkOut(page, email, true)
  await expect(page.getByText(PACK_NOTE)).toBeVisible()
  const href = (await page.getByRole('link', { name: 'Download the label as a PDF' }).getAttribute('href'))!
  expect((await labelAt(context.request, href)).getSubject()).toBe(reference)
  expect((await mailTo(email, new RegExp(`order ${reference}`))).text).toContain(PACK_NOTE)
  await context.close()
})

test('the changed pages at this width: checkout with the pack, the receipt, the order page; axe clean', async ({
  page,
}) => {
  await addGoodIphone(page)
  await page.goto('/complete-order')
  const pack = page.getByRole('group', { name: 'Posting your devices' })
  await expect(pack.getByLabel(PACK, { exact: true })).not.toBeChecked()
  await expect(
    pack.getByText(/It usually arrives within 3 working days; your price is held for \d+ days/),
  ).toBeVisible()
  expect(await violations(page)).toEqual([])
  await shoot(page, 'checkout-pack')
  const email = uniqueEmail('label-look')
  await checkOut(page, email, true)
  await expect(page.getByText(PACK_NOTE)).toBeVisible()
  expect(await violations(page)).toEqual([])
  await shoot(page, 'receipt-pack')
  await page.getByRole('link', { name: 'Track your order' }).first().click()
  await expect(page.getByRole('link', { name: 'Print your free postage label again (PDF)' })).toBeVisible()
  expect(await violations(page)).toEqual([])
  await shoot(page, 'order-page-label')
})
