import { expect, test, type Page } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import { seedDocs } from '../support/seed-content'
import { ownAddress } from './account-helpers'
import { violations } from './axe'
import { answerChecklist, CHECKLIST_SCREEN, placeOrder, staffDoes, staffPage } from './order-helpers'
import { addGoodIphone, IPHONE_13 } from './sell-helpers'

// Staff check a device with the seed's phone checklist, with scripts and without: the grade found
// is the lowest any answer allows, and the price is the published price for it (the seed's iPhone
// 13 128GB in Fair), offered to the seller with the check. Axe-clean at both widths.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width; both widths are checked here'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(360_000)
  await ownAddress(page)
})

const IMEI = '356938035643809'
/** The seed's published price of the iPhone 13 128GB in a grade, as the page shows it. */
function published(grade: string): string {
  const model = seedDocs('deviceModel').find((doc) => doc._id === IPHONE_13.id) as unknown as {
    variants: Array<{ storageGb: number; prices: Array<{ grade: { _ref: string }; pence: number }> }>
  }
  const pence = model.variants
    .find((variant) => variant.storageGb === 128)!
    .prices.find((price) => price.grade._ref === `grade-${grade}`)!.pence
  return `£${pence % 100 ? (pence / 100).toFixed(2) : pence / 100}`
}

/** The seller's order, received by staff and open at its check form. */
async function atTheCheck(page: Page, staff: Page, email: string) {
  await addGoodIphone(page)
  const { reference } = await placeOrder(page, email)
  await staffDoes(staff, reference, 'Mark received')
  return reference
}

test('with scripts: the grade and price found show as staff answer; the check offers the published price for it', async ({
  page,
  browser,
}) => {
  const staff = await staffPage(browser)
  const reference = await atTheCheck(page, staff, uniqueEmail('check-js'))
  await staff.goto(`/admin/orders/${reference}?action=check#action-form`)
  const device = staff.getByRole('group', { name: IPHONE_13.device })
  await expect(device.getByRole('group', { name: 'Activation lock (Find My, Google account)' })).toBeVisible()
  await answerChecklist(staff, 'Good')
  await expect(device.getByText(`Grade found: Good · ${published('good')}`)).toBeVisible()
  // An answer that stops the check says what it does, before and once it is chosen.
  const lock = device.getByRole('group', { name: 'Activation lock (Find My, Google account)' })
  const locked = lock.getByLabel('On: the owner’s account is still signed in')
  const lockWords =
    'Activation lock is on: recording the check holds the order for the lock instead, and the seller is e-mailed how to remove it.'
  await expect(locked).toHaveAccessibleDescription(lockWords)
  await locked.check()
  await expect(device.locator('.admin-check-found')).toHaveText(lockWords)
  await lock.getByLabel('Off', { exact: true }).check()
  await expect(device.getByText(`Grade found: Good · ${published('good')}`)).toBeVisible()
  // Heavy scratches cap it at Fair: the price shown follows.
  await device.getByRole('group', { name: 'Screen' }).getByLabel(CHECKLIST_SCREEN.Fair).check()
  await expect(device.getByText(`Grade found: Fair · ${published('fair')}`)).toBeVisible()
  await staff.getByLabel('IMEI').fill(IMEI)
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 })
    expect(await violations(staff), `${width} px`).toEqual([])
  }
  await staff.setViewportSize({ width: 1280, height: 900 })

  await staff.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(staff.getByText('Done.', { exact: true })).toBeVisible()
  const devices = staff.getByRole('region', { name: 'Devices' })
  await expect(devices.getByRole('row', { name: new RegExp(IPHONE_13.device) })).toContainText(published('fair'))
  await expect(devices.getByRole('term').filter({ hasText: 'Screen' })).toBeVisible()
  await expect(devices.getByRole('definition').filter({ hasText: CHECKLIST_SCREEN.Fair })).toBeVisible()
  const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(history.filter({ hasText: `${IPHONE_13.device}: Fair` })).toHaveCount(1)
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 })
    expect(await violations(staff), `${width} px`).toEqual([])
  }
})

test('without scripts: the same checklist posts, a different price needs a reason, and the price found is offered', async ({
  page,
  browser,
}) => {
  const signedIn = await staffPage(browser)
  const reference = await atTheCheck(page, signedIn, uniqueEmail('check-plain'))
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signedIn.context().storageState(),
  })
  const staff = await plain.newPage()
  await ownAddress(staff)
  await staff.goto(`/admin/orders/${reference}?action=check#action-form`)
  await answerChecklist(staff, 'Fair')
  await staff.getByLabel('IMEI').fill(IMEI)
  await staff.getByLabel(/^A different price/).fill('70')
  await staff.getByRole('button', { name: 'Confirm', exact: true }).click()
  // Back with the problem in the content's words, and every answer as it was.
  const summary = staff.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toBeVisible()
  await expect(staff.getByText('Give a reason for a price other than the one found')).toBeVisible()
  await expect(staff.getByRole('group', { name: 'Screen' }).getByLabel(CHECKLIST_SCREEN.Fair)).toBeChecked()
  // Axe runs in the page's own scripts, which this context has none of: the form is checked with them above.

  // The price box emptied: the published price for the grade found is what is offered.
  await staff.getByLabel(/^A different price/).fill('')
  await staff.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(staff.getByText('Done.', { exact: true })).toBeVisible()
  const devices = staff.getByRole('region', { name: 'Devices' })
  await expect(devices.getByRole('row', { name: new RegExp(IPHONE_13.device) })).toContainText(published('fair'))
  await expect(devices.getByRole('row', { name: new RegExp(IPHONE_13.device) })).toContainText(
    /We checked it and found it in Fair condition/,
  )
  await plain.close()
})
