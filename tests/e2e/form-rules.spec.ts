import { expect, test, type Page } from '@playwright/test'

// Each form's scripts hold its own rules: the login page does not ship the checkout's, which the
// tracker page, an order form, does.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'the same scripts at every width'))

async function scriptsOf(page: Page, path: string): Promise<string> {
  const bodies: Array<Promise<string>> = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
  })
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  return (await Promise.all(bodies)).join('\n')
}

test('the login page ships the account rules and not the checkout rules', async ({ page }) => {
  // A checkout declaration's field name appears only in the checkout's rules.
  const tracker = await scriptsOf(page, '/order-tracker')
  // Compared as booleans: a failure should not print a page's scripts.
  expect(tracker.includes('declareWiped'), 'the tracker page ships the order rules').toBe(true)
  const login = await scriptsOf(page, '/login')
  expect(login.length).toBeGreaterThan(10_000)
  expect(login.includes('declareWiped'), 'the login page ships the checkout rules').toBe(false)
})
