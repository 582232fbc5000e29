import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { SERVER_LOG } from '../support/e2e-env'

// An address whose percent-escapes do not decode names no page: the visitor gets the site's
// not-found page in the usual header and footer, never a bare server error, and the server logs
// nothing that looks like a crash.
const MALFORMED = ['/%E0%A4%A', '/%ZZ', '/api/contact%', '/about/%ZZ/faqs']

for (const path of MALFORMED) {
  test(`${path} answers the not-found page inside the site`, async ({ page }) => {
    const logBefore = readFileSync(SERVER_LOG, 'utf8').length
    const response = await page.goto(path)
    expect([400, 404]).toContain(response?.status())
    expect(response?.headers()['content-type']).toContain('text/html')
    await expect(page).toHaveTitle('Page not found | Handback')
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('PAGE NOT FOUND')
    await expect(page.getByRole('banner').getByRole('link', { name: /Handback/ })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('020 7946 0123')
    const logged = readFileSync(SERVER_LOG, 'utf8').slice(logBefore)
    expect(logged).not.toMatch(/error|failed|⨯|Internal Server Error/i)
  })
}

test('an address with a well-formed escape still reaches its page', async ({ request }) => {
  const response = await request.get('/about/%66aqs')
  expect(response.status()).toBe(200)
  expect(await response.text()).toContain('<h1')
})
