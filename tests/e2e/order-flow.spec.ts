import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { SEED_COPY_PATH, SERVER_LOG, uniqueEmail } from '../support/e2e-env'
import { seedModelTitles } from '../support/seed-content'
import { confirmEmail, linkIn, mailTo, newSeller, ownAddress, signUp } from './account-helpers'
import { violations } from './axe'
import {
  answerChecklist,
  fillCheckout,
  placeOrder,
  REFERENCE,
  revealBankDetails,
  searchOrders,
  staffDoes,
  staffPage,
  statusName,
} from './order-helpers'
import { addGoodIphone, cartBadge, choose, GOOD_CHOICES, IPHONE_13, openSearch, quoteForm } from './sell-helpers'

// The seller's whole journey and the staff who run it: at 1280 px, where staff work.
// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'the order lifecycle runs once, at desktop width'),
)
test.beforeEach(async ({ page }) => {
  // A seller and staff, page after page: far longer than one page's test.
  test.setTimeout(120_000)
  await ownAddress(page)
})

/** Finds the iPhone 13 with the header search and adds it in Good condition. */
async function sellIphoneFromSearch(page: Page) {
  await page.goto('/')
  const box = await openSearch(page)
  await box.pressSequentially('iphone 13')
  await expect(page.getByRole('option')).toHaveCount(seedModelTitles('iphone 13').length)
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${IPHONE_13.path}$`))
  await addGoodIphone(page)
}

const timelineSteps = (page: Page) => page.getByRole('region', { name: 'What has happened' }).getByRole('listitem')

test('a guest sells an iPhone 13, staff revise the offer, the seller declines by e-mail and gets it back', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('guest')
  await sellIphoneFromSearch(page)
  const { reference } = await placeOrder(page, email)
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible()
  await expect(page.getByText(`We have e-mailed your confirmation to ${email}.`)).toBeVisible()
  await expect(page.getByText(/Your price is held until \w+, \d+ \w+ \d{4}\./)).toBeVisible()
  // The label and the slip carry the reference as a barcode drawn on the server.
  await expect(page.getByRole('img', { name: reference })).toHaveCount(2)
  // The order emptied the basket.
  await expect(cartBadge(page)).toHaveCount(0)

  const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
  expect(confirmation.text).toContain('Apple iPhone 13 128GB: £114')
  expect(confirmation.text).toContain('Total: £114')

  // The seller tracks it with the reference and the e-mail address.
  await page.goto('/order-tracker')
  await page.getByLabel('Order number', { exact: true }).fill(reference.toLowerCase().replace(/-/g, ' '))
  await page.getByLabel('E-mail address or postcode', { exact: true }).fill(email.toUpperCase())
  await page.getByRole('button', { name: 'Find my order' }).click()
  await expect(page).toHaveURL(/\/order-tracker-details\?order=/)
  await expect(statusName(page)).toHaveText('Order placed')

  // Staff receive it, record the check, and make a revised offer.
  const staff = await staffPage(browser)
  await searchOrders(staff, email)
  await expect(staff.getByRole('link', { name: reference })).toBeVisible()
  await staffDoes(staff, reference, 'Mark received')
  await mailTo(email, new RegExp(`received your parcel for order ${reference}`))
  // The checklist finds it Fair; staff price it lower than the published Fair price, with a reason:
  // the check itself makes the revised offer.
  await staffDoes(staff, reference, 'Record the check', async () => {
    await answerChecklist(staff, 'Fair')
    await staff.getByLabel('IMEI').fill('356938035643809')
    await staff.getByLabel('Notes').fill('Deep scratch on the back')
    await staff.getByLabel(/^A different price/).fill('80')
    await staff.getByLabel('Reason, shown to the seller').fill('The back has a deep scratch')
  })

  // The seller declines from the e-mail's link: the link opens the offer, the device's button answers.
  const offer = await mailTo(email, new RegExp(`new offer for your order ${reference}`))
  expect(offer.text).toContain('Apple iPhone 13 128GB: £114, now £80')
  expect(offer.text).toContain('The back has a deep scratch')
  await page.goto(linkIn(offer, '/order-tracker-details?order='))
  await expect(page.getByRole('heading', { name: 'We have a new offer for you' })).toBeVisible()
  await expect(statusName(page)).toHaveText('New offer: please reply')
  await page.getByRole('button', { name: 'Decline and get it back free' }).click()
  await expect(page.getByRole('status')).toHaveText(/We will post it back to you free/)
  await expect(statusName(page)).toHaveText('Being sent back')

  // Staff return it with a tracking number; the seller is told.
  await staffDoes(staff, reference, 'Return to seller', async () => {
    await staff.getByLabel('Return tracking number').fill('RM123456785GB')
  })
  const returned = await mailTo(email, new RegExp(`on its way back: order ${reference}`))
  expect(returned.text).toContain('RM123456785GB')

  await page.reload()
  await expect(statusName(page)).toHaveText('Sent back to you')
  await expect(page.getByText('Return tracking number: RM123456785GB')).toBeVisible()
  const steps = timelineSteps(page)
  await expect(steps).toHaveText([
    /\d{1,2} \w{3} \d{4}, \d\d:\d\d Order placed/,
    /\d{1,2} \w{3} \d{4}, \d\d:\d\d Device received/,
    /\d{1,2} \w{3} \d{4}, \d\d:\d\d Checked/,
    /\d{1,2} \w{3} \d{4}, \d\d:\d\d New offer: please reply/,
    /\d{1,2} \w{3} \d{4}, \d\d:\d\d Being sent back/,
    /\d{1,2} \w{3} \d{4}, \d\d:\d\d Sent back to you/,
  ])
  await expect(page.getByRole('row', { name: /Apple iPhone 13 128GB Good Fair £114 £80/ })).toBeVisible()
  expect(await violations(page)).toEqual([])

  // Staff see the whole history, with who did what.
  await staff.goto(`/admin/orders/${reference}`)
  expect(await violations(staff)).toEqual([])

  // None of the seller's details reached a shared page, the content, or the server's log.
  const personal = [email, 'Jo Seller', '12 Mill Lane', '07700 900456', '12345678', 'LS1 4AP']
  for (const path of ['/', IPHONE_13.path, '/order-tracker', '/sitemap.xml']) {
    const body = await (await page.request.get(path)).text()
    for (const detail of personal) expect(body.includes(detail), `${detail} on ${path}`).toBe(false)
  }
  const content = await readFile(SEED_COPY_PATH, 'utf8')
  const log = await readFile(SERVER_LOG, 'utf8')
  for (const detail of personal) {
    expect(content.includes(detail), `${detail} in the content`).toBe(false)
    expect(log.includes(detail), `${detail} in the server log`).toBe(false)
  }
})

test('a signed-in seller accepts a revised offer from their account page, a manager pays, and the account shows it', async ({
  page,
  browser,
}) => {
  const seller = newSeller('accept')
  await signUp(page, seller)
  // The verification link's page confirms the address with the password and signs the seller in.
  await confirmEmail(page, await mailTo(seller.email, /^Confirm your e-mail address$/), seller.password)
  await expect(page).toHaveURL(/\/profile\?notice=verified$/)
  await addGoodIphone(page)
  await page.goto('/complete-order')
  // Signed in: the name and e-mail are filled in from the account.
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(seller.name)
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveValue(seller.email)
  const { reference } = await placeOrder(page, seller.email)

  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')
  await staffDoes(staff, reference, 'Record the check', async () => {
    await staff.getByLabel('IMEI').fill('490154203237518')
  })
  await staffDoes(staff, reference, 'Make a revised offer', async () => {
    await staff.getByLabel('New price in pounds').fill('100.50')
    await staff.getByLabel('Reason, shown to the seller').fill('The battery holds less charge than new')
  })
  // Staff cannot pay: that is for managers, and the page does not offer it.
  await expect(staff.getByRole('link', { name: 'Mark paid' })).toHaveCount(0)

  await page.goto('/profile')
  const row = page.getByRole('row', { name: new RegExp(reference) })
  await expect(row).toContainText('New offer: please reply')
  await row.getByRole('link', { name: 'View order' }).click()
  await expect(page.getByRole('heading', { name: 'We have a new offer for you' })).toBeVisible()
  await page.getByRole('button', { name: 'Accept £100.50' }).click()
  await expect(page.getByRole('status')).toHaveText(/You accepted the new price/)

  const manager = await staffPage(browser, 'manager')
  await revealBankDetails(manager, reference)
  await expect(manager.getByText('12345678')).toBeVisible()
  await expect(manager.getByText('Shown to you and recorded in the order’s history.')).toBeVisible()
  await staffDoes(manager, reference, 'Mark paid')
  const paid = await mailTo(seller.email, new RegExp(`paid you for order ${reference}`))
  expect(paid.text).toContain('£100.50')
  expect(paid.text).toContain('5678')
  expect(paid.text).not.toContain('12345678')

  await page.goto('/profile')
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('Paid')
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('£100.50')
  // The history records who saw the bank details.
  await manager.goto(`/admin/orders/${reference}`)
  const history = manager.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(
    history.filter({ hasText: 'Morgan Manager (Manager)' }).filter({ hasText: 'Show bank details' }),
  ).toHaveCount(1)
})

test('checkout without JavaScript: problems come back in a summary, then the order is placed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await ownAddress(page)
  await page.goto(IPHONE_13.path)
  // The price checker's plain forms: the server shows the price, then adds it to the basket.
  await choose(page, GOOD_CHOICES)
  await quoteForm(page).getByRole('button', { name: 'Show my price', exact: true }).click()
  await quoteForm(page).getByRole('button', { name: 'Add to basket', exact: true }).click()
  await expect(page).toHaveURL(/\/add-to-cart$/)
  await page.goto('/complete-order')
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toBeVisible()
  await expect(summary.getByRole('link', { name: 'Enter your full name' })).toBeVisible()
  await expect(summary.getByRole('link', { name: 'Accept the terms and conditions to place your order' })).toBeVisible()
  const email = uniqueEmail('noscript')
  // What was typed comes back with the problems, except the bank account's numbers.
  await fillCheckout(page, email, ['Postcode'])
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  await expect(summary.getByRole('link', { name: 'Enter your postcode' })).toBeVisible()
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Jo Seller')
  await expect(page.getByLabel('I am 18 or over and I live in the UK', { exact: true })).toBeChecked()
  await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('')
  await fillCheckout(page, email)
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  await expect(page).toHaveURL(/\/order-successful\?order=/)
  await expect(page.getByText(REFERENCE).first()).toBeVisible()
  await context.close()
})
