import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { SERVER_SECRETS, STUDIO_ORIGIN } from '../support/e2e-env'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

test('every kind of response carries the security headers and no X-Powered-By', async ({ request }) => {
  const responses = [
    await request.get('/'),
    await request.get('/about/faqs'),
    await request.get('/no-such-page'),
    await request.get('/sitemap.xml'),
    await request.get('/seed-assets/logo.svg'),
    await request.post('/api/newsletter', { headers: { 'content-type': 'text/plain' }, data: 'x' }),
  ]
  for (const response of responses) {
    const headers = response.headers()
    const where = `${response.url()} (${response.status()})`
    expect(headers['x-powered-by'], where).toBeUndefined()
    expect(headers['x-content-type-options'], where).toBe('nosniff')
    expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], where).toContain('camera=()')
    expect(headers['strict-transport-security'], where).toMatch(/max-age=\d{8,}/)
    const csp = headers['content-security-policy'] ?? ''
    expect(csp, where).toContain("default-src 'self'")
    expect(csp, where).toContain("object-src 'none'")
    expect(csp, where).toContain(`frame-ancestors 'self' ${STUDIO_ORIGIN}`)
    expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-eval'/)
  }
})

test('the build’s scripts and styles are sent as immutable files, without the pages’ policies', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const assets = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map(([, url]) => url!)
  expect(assets.length).toBeGreaterThan(3)
  for (const url of new Set(assets)) {
    const headers = (await request.get(url)).headers()
    expect(headers['x-content-type-options'], url).toBe('nosniff')
    expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable')
    // A script or style sheet is never shown as a page, so a page's policy on it is bytes for nothing.
    expect(headers['content-security-policy'], url).toBeUndefined()
    expect(headers['permissions-policy'], url).toBeUndefined()
  }
})

test('pages work under the Content-Security-Policy, with no violation reported', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/')
  await page.getByRole('combobox', { name: 'Search for your device' }).fill('pixel')
  await expect(page.getByRole('option').first()).toBeVisible()
  await page.goto('/contact-us')
  expect(violations).toEqual([])
})

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? files(full) : [full]
  })
}

test('no server secret appears in the client bundles or the pages', async ({ request }) => {
  const distDir = path.resolve(__dirname, '../../web', process.env.NEXT_DIST_DIR || '.next')
  const bundles = files(path.join(distDir, 'static')).filter((file) => /\.(js|css|json|map)$/.test(file))
  expect(bundles.length).toBeGreaterThan(10)
  const pages = await Promise.all(['/', '/contact-us', '/about/faqs'].map(async (p) => (await request.get(p)).text()))
  for (const [name, secret] of Object.entries(SERVER_SECRETS)) {
    for (const file of bundles) expect(readFileSync(file, 'utf8').includes(secret), `${name} in ${file}`).toBe(false)
    for (const html of pages) expect(html.includes(secret), `${name} in a page`).toBe(false)
  }
})
