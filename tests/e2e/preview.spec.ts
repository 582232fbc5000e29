import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

test('on the seed, draft mode is off and cannot be turned on', async ({ page, request }) => {
  const enable = await request.get('/api/draft-mode/enable?sanity-preview-secret=anything&sanity-preview-pathname=/', {
    maxRedirects: 0,
  })
  expect(enable.status()).toBe(404)
  expect(enable.headers()['set-cookie']).toBeUndefined()

  const home = await request.get('/')
  expect(home.headers()['set-cookie']).toBeUndefined()
  // Served from the static cache, as visitors get it.
  expect(home.headers()['x-nextjs-cache']).toMatch(/HIT|STALE/)

  await page.goto('/')
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('__prerender_bypass')
  // The Visual Editing overlays are editor tooling with no role: found by their own attribute and element.
  await expect(page.locator('[data-sanity], sanity-visual-editing')).toHaveCount(0)
})

test("a visitor's browser never downloads the editors' Visual Editing code", async ({ page }) => {
  // The build holds the Visual Editing bundle (the layout renders it in draft mode only)...
  const marker = 'sanity-visual-editing'
  const chunks = path.resolve(__dirname, '../../web', process.env.NEXT_DIST_DIR || '.next', 'static', 'chunks')
  const built = readdirSync(chunks).filter(
    (name) => name.endsWith('.js') && readFileSync(path.join(chunks, name), 'utf8').includes(marker),
  )
  expect(built.length).toBeGreaterThan(0)

  // ...and a visitor who browses, opens menus and searches never loads it.
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url())
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Show the Sell menu' }).click()
  await page.getByRole('combobox', { name: 'Search for your device' }).fill('pixel')
  await expect(page.getByRole('option').first()).toBeVisible()
  await page.goto('/contact-us')
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(3)
  for (const name of built)
    expect(
      scripts.some((url) => url.endsWith(`/${name}`)),
      name,
    ).toBe(false)
})
