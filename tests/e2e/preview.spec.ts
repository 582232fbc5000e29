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
  await expect(page.locator('[data-sanity], sanity-visual-editing')).toHaveCount(0)
})
