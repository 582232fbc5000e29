import { expect, test, type Page } from '@playwright/test'

async function searchBox(page: Page) {
  if (test.info().project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open search' }).click()
  }
  const box = page.getByRole('combobox', { name: 'Search for your device' })
  await expect(box).toBeVisible()
  return box
}

test('typing opens matching results with thumbnail, short brand and badge', async ({ page }) => {
  await page.goto('/')
  const box = await searchBox(page)
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.fill('GALAXY')
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  const options = page.getByRole('option')
  await expect(options).toHaveCount(8)
  const first = options.first()
  await expect(first).toContainText('Samsung Galaxy S24 128GB')
  await expect(first).toContainText('Samsu')
  await expect(first).not.toContainText('Samsung Galaxy S24 128GBSamsung')
  await expect(first).toContainText('up to £50')
  await expect(first.locator('img')).toHaveAttribute('src', /\/seed-assets\//)
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
  await expect(page.getByRole('option')).toHaveCount(4)
  await box.press('ArrowDown')
  await box.press('ArrowDown')
  const active = await box.getAttribute('aria-activedescendant')
  expect(active).toBeTruthy()
  const second = page.getByRole('option').nth(1)
  await expect(second).toHaveAttribute('aria-selected', 'true')
  await expect(second).toHaveAttribute('id', active!)
  await box.press('ArrowUp')
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/check-in\?device=15$/)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Get a price for your device')
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

test('the cart icon opens a side panel with the sample item, and quantity never drops below 0', async ({ page }) => {
  await page.goto('/')
  const cartButton = page.getByRole('button', { name: 'Open your basket' })
  await expect(cartButton).toContainText('1')
  await cartButton.click()
  const panel = page.getByRole('dialog', { name: 'Your basket (5)' })
  await expect(panel).toBeVisible()
  await expect(panel).toContainText('Apple iPhone 13 128GB')
  await expect(panel).toContainText('We’ll pay you upto £499')
  await expect(panel).toContainText('Condition: Good')
  const quantity = panel.locator('output')
  await expect(quantity).toHaveText('1')
  await panel.getByRole('button', { name: 'Add one more' }).click()
  await expect(quantity).toHaveText('2')
  const remove = panel.getByRole('button', { name: 'Remove one' })
  await remove.click()
  await remove.click()
  await expect(quantity).toHaveText('0')
  await expect(remove).toHaveAttribute('aria-disabled', 'true')
  await remove.click({ force: true })
  await expect(quantity).toHaveText('0')

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(cartButton).toBeFocused()
})

test('the cart panel closes with its close button and on the backdrop, returning focus', async ({ page }) => {
  await page.goto('/')
  const cartButton = page.getByRole('button', { name: 'Open your basket' })
  await cartButton.click()
  const panel = page.getByRole('dialog', { name: 'Your basket (5)' })
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
    .getByRole('dialog', { name: 'Your basket (5)' })
    .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration) * 1000)
  expect(duration).toBeGreaterThanOrEqual(300)
  expect(duration).toBeLessThanOrEqual(500)
})
