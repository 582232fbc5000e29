import { expect, test } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { uniqueEmail } from '../support/e2e-env'
import { linkIn, mailTo, ownAddress } from './account-helpers'
import { violations } from './axe'
import { placeOrder, staffDoes, staffPage, statusName } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// Return labels printed in bulk from the returns list: staff choose the orders being returned and
// get one PDF, a page an order addressed to its seller. Pressed with none chosen, the list says so;
// a visitor gets the 404. At desktop width, where staff work; the list is checked at both widths.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width; both widths are checked here'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(300_000)
  await ownAddress(page)
})

test('staff print return labels for the orders being returned they choose, one page each', async ({
  page,
  browser,
  playwright,
}) => {
  const email = uniqueEmail('return-labels')
  const staff = await staffPage(browser)
  const references: string[] = []
  for (let count = 0; count < 2; count++) {
    await addGoodIphone(page)
    references.push((await placeOrder(page, email)).reference)
    await staffDoes(staff, references.at(-1)!, 'Mark received')
  }
  // The seller asks for both back, from each order's e-mailed link.
  for (const reference of references) {
    const received = await mailTo(email, new RegExp(`received your parcel for order ${reference}`))
    await page.goto(linkIn(received, '/order-tracker-details?order='))
    await page
      .getByRole('region', { name: 'Changed your mind?' })
      .getByRole('button', { name: 'Send my device back free' })
      .click()
    await expect(statusName(page)).toHaveText('Being sent back')
  }

  // The returns list, narrowed to this seller: nothing chosen, the button says why it printed nothing.
  const list = `/admin/orders?status=returning&q=${encodeURIComponent(email)}`
  await staff.goto(list)
  const print = staff.getByRole('button', { name: 'Print return labels for the chosen orders (PDF)' })
  await print.click()
  await expect(staff).toHaveURL(/\/admin\/orders\?status=returning&labels=none#return-labels-none$/)
  await expect(staff.getByRole('alert').filter({ hasText: 'Choose at least one order being returned.' })).toBeVisible()

  await staff.goto(list)
  for (const reference of references) await staff.getByLabel(`Return label for ${reference}`).check()
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 })
    expect(await violations(staff), `${width} px`).toEqual([])
    // For a person to look at: the boxes and the button, at each width.
    await staff.screenshot({ path: test.info().outputPath(`returns-list-${width}.png`), fullPage: true })
  }
  await staff.setViewportSize({ width: 1280, height: 900 })
  // What the plain GET form sends: each box's order id, to the labels' address.
  const form = staff.locator('form#return-labels')
  const chosen = await staff
    .locator('input[form="return-labels"]:checked')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value))
  expect(chosen).toHaveLength(2)
  const address = `${await form.getAttribute('action')}?${new URLSearchParams(chosen.map((id) => ['order', id]))}`
  const response = await staff.request.get(address)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect(response.headers()['cache-control']).toBe('private, no-store')
  const pdf = await PDFDocument.load(await response.body())
  expect(pdf.getPageCount()).toBe(2)
  expect(pdf.getTitle()).toBe('Return labels')
  expect(pdf.getSubject()!.split(' ').sort()).toEqual([...references].sort())

  // Nobody else prints a seller's address: a visitor with the same address meets the 404.
  const visitor = await playwright.request.newContext({ baseURL: new URL(staff.url()).origin })
  const refused = await visitor.get(address)
  expect(refused.status()).toBe(404)
  expect((await refused.body()).length).toBe(0)
  await visitor.dispose()

  // Sent, an order leaves the returns list, and its label is no longer printed.
  await staffDoes(staff, references[0]!, 'Return to seller', async () => {
    await staff.getByLabel('Return tracking number').fill('RM987654321GB')
  })
  const after = await PDFDocument.load(await (await staff.request.get(address)).body())
  expect(after.getPageCount()).toBe(1)
  expect(after.getSubject()).toBe(references[1])
})
