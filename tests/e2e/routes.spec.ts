import { expect, test } from '@playwright/test'
import { ROUTES } from '../support/routes'

for (const [path, title] of ROUTES) {
  test(`${path} answers 200 inside the shared layout`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(`${title} | Handback`)
    await expect(page.getByRole('banner').getByRole('link', { name: /Handback/ })).toBeVisible()
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Get price alerts' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('020 7946 0123')
  })
}

test('/sell and /blog show the home page', async ({ page }) => {
  await page.goto('/')
  const home = await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()
  for (const path of ['/sell', '/blog']) {
    await page.goto(path)
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(home ?? '')
  }
})

test('an unknown address answers 404 with the not-found copy and a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Page not found | Handback')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('PAGE NOT FOUND')
  await expect(main).toContainText('404')
  await expect(main).toContainText('There is no page matching url exists on our website.')
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await main.getByRole('link', { name: 'Back To Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('inner pages show breadcrumbs from their page documents', async ({ page }) => {
  await page.goto('/about/faqs')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link')).toHaveText(['Sell your phone or tablet for cash', 'About us'])
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('FAQs')
})

test('pages render their structured sections from the CMS', async ({ page }) => {
  await page.goto('/sell-my-phone')
  await expect(page.locator('#iphone-15')).toContainText('Up to £290')
  await page.goto('/sell-my-tab')
  await expect(page.locator('#ipad-air-11-inch-m3')).toContainText('Up to £300')
  await page.goto('/device-criteria')
  await expect(page.getByRole('heading', { name: 'Excellent', level: 3 })).toBeVisible()
  await page.goto('/about/faqs')
  const question = page.locator('summary').first()
  await question.click()
  await expect(page.locator('details[open] .prose').first()).toBeVisible()
})

test('seed images are served locally', async ({ request }) => {
  const response = await request.get('/seed-assets/payment-card.svg')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/svg+xml')
})
