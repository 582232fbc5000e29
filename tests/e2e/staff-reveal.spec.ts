import { expect, test, type Page } from '@playwright/test'
import { STAFF_ACCOUNTS, STAFF_RECHECK_SECONDS, uniqueEmail } from '../support/e2e-env'
import { ownAddress } from './account-helpers'
import { readPageForm, sendPageForm } from './form-post'
import { staffPage, orderByPost } from './order-helpers'

// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000)
  await ownAddress(page)
})

const ACCOUNT_NUMBER = '12345678'
const reveals = (page: Page) =>
  page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: 'Show bank details' })

test('opening an address never reveals bank details or records a reveal, and another site cannot post one', async ({
  page,
  browser,
}) => {
  const { reference } = await orderByPost(page, uniqueEmail('reveal-get'))
  const manager = await staffPage(browser, 'manager')

  // The old reveal link, as it could be sent in a message, reloaded or restored with a tab.
  for (const address of [`?reveal=1`, `?revealed=1`, `?revealed=999999`, `?action=reveal`]) {
    await manager.goto(`/admin/orders/${reference}${address}`)
    await expect(manager.getByText(ACCOUNT_NUMBER)).toHaveCount(0)
  }
  await expect(reveals(manager)).toHaveCount(0)

  // The reveal form as the manager's page gives it (the staff action's id, the order), posted by a
  // page on another site with the manager's cookie.
  const path = `/admin/orders/${reference}`
  const { hidden, origin } = await readPageForm(manager.request, path, { button: 'Show bank details' })
  expect(hidden).toMatchObject({ reference, action: 'reveal' })
  const forged = await sendPageForm(manager.request, path, hidden, { origin: 'https://evil.example' })
  expect(forged.status).toBe(403)
  await manager.reload()
  await expect(reveals(manager)).toHaveCount(0)
  await expect(manager.getByText(ACCOUNT_NUMBER)).toHaveCount(0)

  // Staff who are not managers cannot reveal at all, even with the manager's form.
  const staff = await staffPage(browser, 'staff')
  // Their page has no reveal form to answer in: it comes back as it was, and the details stay shut.
  const byStaff = await sendPageForm(staff.request, path, hidden, { origin })
  expect(byStaff.status).toBe(200)
  expect(byStaff.location).toBeNull()
  expect(byStaff.html).not.toContain(ACCOUNT_NUMBER)
  await manager.reload()
  await expect(reveals(manager)).toHaveCount(0)
})

test('a manager whose login is older than the re-check window gives the password again to see bank details', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000 + STAFF_RECHECK_SECONDS * 1000)
  const { reference } = await orderByPost(page, uniqueEmail('reveal-recheck'))
  const manager = await staffPage(browser, 'manager')

  // Just logged in: the login counts as the check, and one click shows the details.
  await manager.goto(`/admin/orders/${reference}`)
  const payoutNow = manager.getByRole('region', { name: 'Payout' })
  await expect(payoutNow.getByLabel('Your password', { exact: true })).toHaveCount(0)
  await payoutNow.getByRole('button', { name: 'Show bank details' }).click()
  await expect(manager).toHaveURL(/[?&]revealed=\d+/)
  await expect(manager.getByText(ACCOUNT_NUMBER)).toBeVisible()
  await expect(manager.getByText('Shown to you and recorded in the order’s history.')).toBeVisible()
  // A reload shows them again without recording another reveal.
  await manager.reload()
  await expect(manager.getByText(ACCOUNT_NUMBER)).toBeVisible()
  await expect(reveals(manager)).toHaveCount(1)

  // Later, the password is asked again.
  await manager.waitForTimeout(STAFF_RECHECK_SECONDS * 1000 + 1000)
  await manager.goto(`/admin/orders/${reference}`)
  const payout = manager.getByRole('region', { name: 'Payout' })
  await expect(payout.getByText(ACCOUNT_NUMBER)).toHaveCount(0)
  const password = payout.getByLabel('Your password', { exact: true })
  await expect(password).toBeVisible()

  // A wrong password: nothing shown, nothing recorded, and the field says why.
  await password.fill('not my password at all')
  await payout.getByRole('button', { name: 'Show bank details' }).click()
  await expect(payout.getByText('That is not your password. Enter the password you log in with.')).toBeVisible()
  // The refusal stays in the page, not in its address, and the password is never given back.
  expect(manager.url()).not.toContain('recheck')
  await expect(payout.getByLabel('Your password', { exact: true })).toHaveValue('')
  await expect(manager.getByText(ACCOUNT_NUMBER)).toHaveCount(0)

  await payout.getByLabel('Your password', { exact: true }).fill(STAFF_ACCOUNTS.manager.password)
  await payout.getByRole('button', { name: 'Show bank details' }).click()
  await expect(manager).toHaveURL(/[?&]revealed=\d+/)
  await expect(manager.getByText(ACCOUNT_NUMBER)).toBeVisible()
  // Each reveal is in the history with the manager's name.
  await expect(reveals(manager).filter({ hasText: `${STAFF_ACCOUNTS.manager.name} (Manager)` })).toHaveCount(2)
})
