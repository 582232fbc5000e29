import { expect, test } from '@playwright/test'
import { openDrawer } from './header-helpers'

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the drawer replaces the menu below 768 px')
})

test('the menu button opens a drawer with Sell expanded, which holds focus and closes on Escape', async ({ page }) => {
  await page.goto('/')
  const button = page.getByRole('button', { name: 'Open menu' })
  const drawer = await openDrawer(page)
  const links = ['Home', 'Sell', 'How it Works', 'About Us', 'Contact', 'Blog', 'My Account']
  for (const name of links) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Sell My Phone' })).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Show the Sell menu' })).toHaveAttribute('aria-expanded', 'true')
  await expect(drawer.getByRole('link', { name: "FAQ's" })).toBeHidden()
  await drawer.getByRole('button', { name: 'Show the About Us menu' }).click()
  await expect(drawer.getByRole('link', { name: "FAQ's" })).toBeVisible()

  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab')
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(button).toBeFocused()
})

test('a drawer link navigates and closes the drawer', async ({ page }) => {
  await page.goto('/')
  const drawer = await openDrawer(page)
  await drawer.getByRole('link', { name: 'Contact', exact: true }).click()
  await expect(page).toHaveURL(/\/contact-us$/)
  await expect(drawer).toBeHidden()
})

test('the desktop menu and account button give way to the drawer', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Account' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Show the Sell menu' }).first()).toBeHidden()
})

test('the rating strip shows 4 of 5 stars and the review count', async ({ page }) => {
  await page.goto('/')
  // The strip's link, not the footer's rating link, which reads "Rated Great on Trustpilot…".
  const strip = page.getByRole('link', { name: /^Rated 4 out of 5\s*1,770 reviews\s*Trustpilot$/ })
  await expect(strip).toBeVisible()
  const stars = strip.getByRole('img', { name: 'Rated 4 out of 5' })
  await expect(stars).toBeVisible()
  // The filled stars cover four fifths of the row: a CSS mask with no role, so it is measured on the star image.
  const filled = await stars.evaluate(
    (el) => parseFloat(getComputedStyle(el, '::after').width) / el.getBoundingClientRect().width,
  )
  expect(filled).toBeCloseTo(0.8, 2)
  await expect(strip).toContainText('1,770 reviews')
})

test('the search opens from its button and takes focus', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('combobox', { name: 'Search for your device' })
  await expect(box).toBeHidden()
  await page.getByRole('button', { name: 'Open search' }).click()
  await expect(box).toBeFocused()
  await page.getByRole('button', { name: 'Close search' }).click()
  await expect(box).toBeHidden()
})
