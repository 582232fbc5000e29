import { expect, test } from '@playwright/test'
import { STAFF_ACCOUNTS } from '../support/e2e-env'
import { violations } from './axe'
import { logIn, newSeller, ownAddress, signUp } from './account-helpers'
import { staffLogIn } from './order-helpers'

test.beforeEach(async ({ page }) => ownAddress(page))

const notFoundPage = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { name: 'PAGE NOT FOUND', level: 1 })

test('staff made with npm run staff:create reach /admin and see who they are', async ({ page }) => {
  for (const [role, account] of Object.entries(STAFF_ACCOUNTS)) {
    await page.context().clearCookies()
    await staffLogIn(page, account)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    await expect(
      page.getByText(`Signed in as ${account.name} (${role === 'manager' ? 'Manager' : 'Staff'})`),
    ).toBeVisible()
    expect(await violations(page)).toEqual([])
  }
})

test('a visitor and a seller get the 404 page at /admin', async ({ page }) => {
  const visitor = await page.goto('/admin')
  expect(visitor?.status()).toBe(404)
  await expect(notFoundPage(page)).toBeVisible()
  // The list too, and its title (which counts orders) says nothing.
  const list = await page.goto('/admin/orders?status=placed')
  expect(list?.status()).toBe(404)
  await expect(notFoundPage(page)).toBeVisible()
  await expect(page).not.toHaveTitle(/Orders \d/)

  const seller = newSeller('notstaff')
  await signUp(page, seller)
  await logIn(page, seller.email, seller.password)
  await expect(page).toHaveURL(/\/profile$/)
  const customer = await page.goto('/admin')
  expect(customer?.status()).toBe(404)
  await expect(notFoundPage(page)).toBeVisible()
  expect((await page.goto('/admin/orders'))?.status()).toBe(404)
  await expect(page).not.toHaveTitle(/Orders \d/)
})
