import { expect, test } from '@playwright/test'
import { seedDesktopSubmenu } from '../support/seed-content'

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the desktop menu shows at 1280 px')
})

const mainNav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' })

test('the Sell menu opens on hover and closes when the pointer leaves', async ({ page }) => {
  await page.goto('/')
  const toggle = mainNav(page).getByRole('button', { name: 'Show the Sell menu' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await mainNav(page).getByRole('link', { name: 'Sell', exact: true }).hover()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  for (const name of ['Sell My Phone', 'Sell My Tablet', 'How it Work', 'WEEE Business Recycling']) {
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible()
  }
  await page.mouse.move(640, 700)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(mainNav(page).getByRole('link', { name: 'Sell My Phone' })).toBeHidden()
})

test('a click on the button of a menu the pointer has just opened keeps it open', async ({ page }) => {
  await page.goto('/')
  const toggle = mainNav(page).getByRole('button', { name: 'Show the Sell menu' })
  await mainNav(page).getByRole('link', { name: 'Sell', exact: true }).hover()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
})

test('the menus work by keyboard alone: Enter and Space open, Escape closes, focus leaving closes', async ({
  page,
}) => {
  await page.goto('/')
  const toggle = mainNav(page).getByRole('button', { name: 'Show the Sell menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Tab')
  await expect(mainNav(page).getByRole('link', { name: 'Sell My Phone' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toBeFocused()

  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  const about = mainNav(page).getByRole('button', { name: 'Show the About Us menu' })
  await about.focus()
  await page.keyboard.press('Enter')
  await expect(mainNav(page).getByRole('link', { name: 'Who are we – Handback' })).toBeVisible()
  await expect(mainNav(page).getByRole('link', { name: "FAQ's" })).toBeVisible()
  // Tab through every entry and once more: focus leaves the submenu, which closes.
  for (const entry of seedDesktopSubmenu('About Us')) {
    await page.keyboard.press('Tab')
    await expect(about, `the menu is still open on ${entry}`).toHaveAttribute('aria-expanded', 'true')
  }
  await page.keyboard.press('Tab')
  await expect(about).toHaveAttribute('aria-expanded', 'false')
})

test('the phone and tablet mega-menus list makes and models from the catalogue, with the promo box', async ({
  page,
}) => {
  await page.goto('/')
  await mainNav(page).getByRole('button', { name: 'Show the Sell menu' }).click()
  const phones = mainNav(page).getByRole('button', { name: 'Show the Sell My Phone menu' })
  await phones.click()
  await expect(phones).toHaveAttribute('aria-expanded', 'true')
  const model = mainNav(page).getByRole('link', { name: 'iPhone 17 Pro', exact: true })
  await expect(model).toHaveAttribute('href', '/sell-my-phone/iphone-17-pro')
  const open = mainNav(page).getByRole('group', { name: 'Sell My Phone' })
  await expect(open.getByText('Paid in cash, not credit')).toBeVisible()
  await expect(open.getByRole('link', { name: 'Start now' })).toBeVisible()
  await expect(open.getByRole('link', { name: 'All Samsung models' })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(phones).toHaveAttribute('aria-expanded', 'false')
  await expect(phones).toBeFocused()

  const tablets = mainNav(page).getByRole('button', { name: 'Show the Sell My Tablet menu' })
  await mainNav(page).getByRole('link', { name: 'Sell My Tablet' }).hover()
  await expect(tablets).toHaveAttribute('aria-expanded', 'true')
  await expect(mainNav(page).getByRole('link', { name: 'Galaxy Tab S10 Ultra' })).toBeVisible()

  await expect(model).toBeHidden()
  await mainNav(page).getByRole('link', { name: 'Galaxy Tab S10 Ultra' }).click()
  await expect(page).toHaveURL(/\/sell-my-tab\/galaxy-tab-s10-ultra$/)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    'Sell your Samsung Galaxy Tab S10 Ultra',
  )
  await expect(page.getByRole('main')).toContainText('Up to £450')
})

test('Blog, Contact and My Account are plain links', async ({ page }) => {
  await page.goto('/')
  await expect(mainNav(page).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog')
  await expect(mainNav(page).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us')
  const account = page.getByRole('banner').getByRole('link', { name: 'My Account' })
  await expect(account).toHaveAttribute('href', '/profile')
  // Signed out, the profile sends the visitor to log in and back to the profile afterwards.
  await account.click()
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/)
})

test('the rating strip is for small screens only', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('img', { name: 'Rated 4 out of 5' }).first()).toBeVisible()
  // The strip is in the page, and hidden at this width (the footer's rating link reads differently).
  const strip = page.getByRole('link', { name: /^Rated 4 out of 5\s*1,770 reviews\s*Trustpilot$/, includeHidden: true })
  await expect(strip).toHaveCount(1)
  await expect(strip).toBeHidden()
})
