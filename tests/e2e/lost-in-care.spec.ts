import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import { linkIn, mailTo, ownAddress } from './account-helpers'
import { violations } from './axe'
import { ownImei, placeOrder, staffDoes, staffPage, statusName } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// The terms: "If it is lost or damaged in our care, we will pay you the price we offered for it."
// At 1280 px, where staff work. Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

const LOST = 'Pay for a device lost or damaged in our care'

test('a manager records a checked device lost in our care: the seller is told and paid the price they agreed', async ({
  page,
  browser,
}) => {
  await addGoodIphone(page)
  const email = uniqueEmail('lost-in-care')
  const { reference } = await placeOrder(page, email)
  const manager = await staffPage(browser, 'manager')
  await staffDoes(manager, reference, 'Mark received')
  await staffDoes(manager, reference, 'Record the check', async () => {
    await manager.getByLabel('IMEI').fill(ownImei())
  })

  // Staff who are not managers are not offered it.
  const staff = await staffPage(browser, 'staff')
  await staff.goto(`/admin/orders/${reference}`)
  await expect(staff.getByRole('link', { name: 'Make a revised offer', exact: true })).toBeVisible()
  await expect(staff.getByRole('link', { name: LOST })).toHaveCount(0)

  // Without a word of what happened, the manager is told what is missing.
  await manager.goto(`/admin/orders/${reference}`)
  await manager.getByRole('link', { name: LOST, exact: true }).click()
  await manager.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(manager.getByLabel('Why (kept in the order’s history)')).toHaveAccessibleDescription(/.+/)
  await staffDoes(manager, reference, LOST, async () => {
    await manager.getByLabel('Why (kept in the order’s history)').fill('Dropped at the bench: the screen cracked')
  })
  await expect(manager.locator('.admin-facts__status')).toHaveText('Offer accepted')
  await expect(manager.getByText('Dropped at the bench: the screen cracked')).toBeVisible()
  expect(await violations(manager)).toEqual([])

  const told = await mailTo(email, new RegExp(`^We are sorry: a device from order ${reference} was lost or damaged`))
  expect(told.text).toMatch(/we pay you the price you agreed for it: £\d+(\.\d\d)?, to the account ending \d{4}\./)
  // The seller's page says what happened, as where the order is (not "Offer accepted": they were
  // offered nothing) and in its history.
  await page.goto(linkIn(told, '/order-tracker-details?order='))
  const lost = 'Lost or damaged in our care: we pay you the price you agreed'
  await expect(statusName(page)).toHaveText(lost)
  await expect(page.getByRole('region', { name: 'What has happened' }).getByText(lost)).toBeVisible()

  // Paid from here as any order is: the register passed the device at its check.
  await staffDoes(manager, reference, 'Mark paid')
  await expect(manager.locator('.admin-facts__status')).toHaveText('Paid')
  // As the first e-mail said: another when the payment has reached them.
  await mailTo(email, new RegExp(`^We have paid you for order ${reference}$`))
})
