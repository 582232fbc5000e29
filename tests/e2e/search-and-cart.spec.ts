import { expect, test, type Page } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { seedModelTitles } from '../support/seed-content'
import { BASKET_PAGE, GOOD_IPHONE, visitor } from './basket-client'
import { lineQuantity, undoButton } from './sell-helpers'

async function searchBox(page: Page) {
  if (test.info().project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open search' }).click()
  }
  const box = page.getByRole('combobox', { name: 'Search for your device' })
  await expect(box).toBeVisible()
  return box
}

/** What the search lists for a query: make and model of every catalogue model whose title matches. */
const titlesMatching = (query: string) => seedModelTitles(query)

test('typing opens matching models from the catalogue, with short brand and top price', async ({ page }) => {
  await page.goto('/')
  const box = await searchBox(page)
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.fill('GALAXY')
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  const options = page.getByRole('option')
  await expect(options).toHaveCount(titlesMatching('galaxy').length)
  const first = options.first()
  await expect(first).toContainText('Samsung Galaxy S25 Ultra')
  await expect(first).toContainText('Samsu')
  await expect(first).not.toContainText('Samsung Galaxy S25 UltraSamsung')
  await expect(first).toContainText('Up to £560')
  const list = page.getByRole('listbox')
  expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto')
})

test('a search with no match says so, and emptying the text closes the list', async ({ page }) => {
  await page.goto('/')
  const box = await searchBox(page)
  await box.fill('nokia 3310')
  await expect(page.getByText('No devices match “nokia 3310”', { exact: false }).first()).toBeVisible()
  await expect(page.getByRole('option')).toHaveCount(0)
  await box.fill('')
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('listbox')).toBeHidden()
})

test('arrow keys move through the results and Enter opens one', async ({ page }) => {
  await page.goto('/')
  const box = await searchBox(page)
  await box.fill('pixel')
  await expect(page.getByRole('option')).toHaveCount(titlesMatching('pixel').length)
  await box.press('ArrowDown')
  await box.press('ArrowDown')
  const active = await box.getAttribute('aria-activedescendant')
  expect(active).toBeTruthy()
  const second = page.getByRole('option').nth(1)
  await expect(second).toHaveAttribute('aria-selected', 'true')
  await expect(second).toHaveAttribute('id', active!)
  await box.press('ArrowUp')
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('option').first()).toContainText('Google Pixel 10 Pro')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/sell-my-phone\/pixel-10-pro$/)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Sell your Google Pixel 10 Pro')
})

test('a click outside closes the results', async ({ page }) => {
  await page.goto('/')
  const box = await searchBox(page)
  await box.fill('iphone')
  await expect(page.getByRole('listbox')).toBeVisible()
  await page.getByRole('main').click({ position: { x: 5, y: 300 } })
  await expect(page.getByRole('listbox')).toBeHidden()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
})

test('the cart icon counts the visitor’s devices and opens a panel where minus stops at 0', async ({ page }) => {
  const address = testClientAddress()
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address })
  // The page's own request context shares the browser's cookies: this adds to the visitor's basket
  // as the price checker's form does without scripts.
  const added = await visitor(page.request, address).add(GOOD_IPHONE)
  expect(added.status).toBe(303)
  expect(new URL(added.location!, added.response.url()).pathname).toBe(BASKET_PAGE)
  expect(added.basket.count).toBe(1)
  await page.goto('/')
  const cartButton = page.getByRole('button', { name: 'Open your basket (1)' })
  // The badge is aria-hidden (the button's name above carries the count): a test id finds the digit.
  await expect(cartButton.getByTestId('cart-badge')).toHaveText('1')
  await cartButton.click()
  const panel = page.getByRole('dialog', { name: /^Your basket/ })
  await expect(panel).toHaveAccessibleName('Your basket (1)')
  await expect(panel).toContainText('Apple iPhone 13 128GB')
  await expect(panel).toContainText('Condition: Good')
  await expect(panel).toContainText('Price each: £114')
  await expect(panel).toContainText('We’ll pay you up to £114')
  const quantity = lineQuantity(panel, 'Apple iPhone 13 128GB')
  await expect(quantity).toHaveText('1')
  await panel.getByRole('button', { name: 'Add one more Apple iPhone 13 128GB' }).click()
  await expect(quantity).toHaveText('2')
  await expect(panel).toHaveAccessibleName('Your basket (2)')
  const remove = panel.getByRole('button', { name: 'Remove one Apple iPhone 13 128GB' })
  await remove.click()
  await expect(quantity).toHaveText('1')
  await remove.click()
  // At 0 the line has no minus left, only Undo; the server never goes below 0 either (basket-api.spec.ts).
  await expect(panel).toContainText('Apple iPhone 13 128GB was removed from your basket.')
  await expect(remove).toHaveCount(0)
  await expect(undoButton(panel, 'Apple iPhone 13 128GB')).toBeFocused()
  await expect(panel).toHaveAccessibleName('Your basket (0)')

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open your basket (0)' })).toBeFocused()
})

test('the cart panel closes with its close button and on the backdrop, returning focus', async ({ page }) => {
  await page.goto('/')
  const cartButton = page.getByRole('button', { name: 'Open your basket' })
  await cartButton.click()
  const panel = page.getByRole('dialog', { name: 'Your basket (0)' })
  await panel.getByRole('button', { name: 'Close basket' }).click()
  await expect(panel).toBeHidden()
  await expect(cartButton).toBeFocused()

  await cartButton.click()
  await expect(panel).toBeVisible()
  await page.mouse.click(10, 400)
  await expect(panel).toBeHidden()
  await expect(cartButton).toBeFocused()
})

test('the cart panel animates within 300 to 500 ms', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Open your basket' }).click()
  const duration = await page
    .getByRole('dialog', { name: 'Your basket (0)' })
    .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration) * 1000)
  expect(duration).toBeGreaterThanOrEqual(300)
  expect(duration).toBeLessThanOrEqual(500)
})
