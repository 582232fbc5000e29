import { expect, test } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { seedModelTitles } from '../support/seed-content'
import { IPHONE_13, openSearch } from './sell-helpers'

test.describe('what is cached and what is not', () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

  // Another test's webhook may mark a page stale at any moment: the next visit after that
  // regenerates it, so "from the cache" is checked until a plain HIT is seen.
  for (const path of ['/', '/about', IPHONE_13.path, '/sell-my-tab/pixel-tablet', '/check-in', '/product']) {
    test(`${path} is served from the cache`, async ({ request }) => {
      await request.get(path)
      await expect
        .poll(async () => (await request.get(path)).headers()['x-nextjs-cache'], { timeout: 15_000 })
        .toBe('HIT')
    })
  }

  for (const path of ['/add-to-cart', '/complete-order', `${IPHONE_13.path}/price?model=${IPHONE_13.id}`]) {
    test(`${path} is made per visitor: never cached and not for search engines`, async ({ request }) => {
      const headers = { 'x-forwarded-for': testClientAddress() }
      for (let visit = 0; visit < 2; visit++) {
        const response = await request.get(path, { headers })
        expect(response.status()).toBe(200)
        expect(response.headers()['x-nextjs-cache']).toBeUndefined()
        expect(response.headers()['cache-control']).toMatch(/private|no-store/)
        expect(await response.text()).toMatch(/<meta name="robots" content="noindex[^"]*"/)
      }
    })
  }

  test('the basket API is never cached', async ({ request }) => {
    const response = await request.get('/api/basket', { headers: { 'x-forwarded-for': testClientAddress() } })
    expect(response.headers()['cache-control']).toContain('no-store')
  })
})

test('a page loads the device list only once the search box is focused', async ({ page }) => {
  const loads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/devices') loads.push(request.url())
  })
  await page.goto('/about')
  await page.waitForLoadState('networkidle')
  // Menus and the cart panel need no catalogue either.
  const cart = page.getByRole('button', { name: /^Open your basket/ })
  await cart.click()
  await page.keyboard.press('Escape')
  await expect(cart).toBeFocused()
  await page.waitForLoadState('networkidle')
  expect(loads).toEqual([])

  const loaded = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/devices')
  const box = await openSearch(page)
  await box.focus()
  await loaded
  await box.fill('iphone 13')
  await expect(page.getByRole('option')).toHaveCount(seedModelTitles('iphone 13').length)
  expect(loads).toHaveLength(1)
})
