import { expect, test } from '@playwright/test'
import { ROUTES } from '../support/routes'
import { seedDeviceList, seedFaqSections } from '../support/seed-content'
import { violations } from './axe'

// One visit per page and width: the layout, then axe on the same page (its other states, and the
// not-found page, are in accessibility.spec.ts).
for (const [path, title] of ROUTES) {
  test(`${path} answers 200 inside the shared layout, with no WCAG 2.2 A or AA violations`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(`${title} | Handback`)
    await expect(page.getByRole('banner').getByRole('link', { name: /Handback/ })).toBeVisible()
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Get price alerts' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('020 7946 0123')
    expect(await violations(page)).toEqual([])
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

// Without scripts the 404 must still be a page: the server writes it into the HTML, in the shell.
// Unknown pages and unknown models alike, and the static pages around them stay cached.
for (const path of [
  '/no-such-page/at-all',
  '/sell-my-phone/no-such-model',
  '/sell-my-tab/ipad-air-13-inch-m3/nope',
  '/About',
]) {
  test(`${path} is a 404 page in the HTML itself`, async ({ request }) => {
    const response = await request.get(path)
    expect(response.status()).toBe(404)
    const html = await response.text()
    expect(html).toContain('<html lang="en-GB"')
    expect(html).toMatch(/<h1[^>]*>PAGE NOT FOUND<\/h1>/)
    expect(html).toContain('There is no page matching url exists on our website.')
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Back To Home<\/a>/)
    expect(html).toContain('020 7946 0123')
  })
}

test('known pages beside the unknown ones stay static and cached', async ({ request }) => {
  for (const path of ['/about/faqs', '/sell-my-phone/iphone-13']) {
    await request.get(path)
    const again = await request.get(path)
    expect(again.status()).toBe(200)
    expect(again.headers()['x-nextjs-cache']).toBe('HIT')
  }
})

test('inner pages show breadcrumbs from their page documents', async ({ page }) => {
  await page.goto('/about/faqs')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link')).toHaveText(['Sell your phone or tablet for cash', 'About us'])
  // The current page's crumb is plain text, not a link, marked as the current page.
  await expect(crumbs.getByText('FAQs', { exact: true })).toHaveAttribute('aria-current', 'page')
})

test('the home page lists the phones its editor picked; the phone page lists every phone', async ({ page }) => {
  // Each model's link reads its name, then its price line.
  const names = async (list: import('@playwright/test').Locator) =>
    (await list.getByRole('link').allTextContents()).map((text) => text.replace(/\s*Up to £[\d,]+$/, '')).sort()
  await page.goto('/')
  const popular = page.getByRole('region', { name: 'Popular phones we buy' })
  const picked = seedDeviceList('/', 'Popular phones we buy')
  expect(picked.length).toBeGreaterThan(3)
  expect(await names(popular)).toEqual([...picked].sort())
  // Still under their makes' headings, each with its top price.
  await expect(
    popular.getByRole('region', { name: 'Apple', exact: true }).getByRole('link', { name: /^iPhone 15\s*Up to £290$/ }),
  ).toBeVisible()

  await page.goto('/sell-my-phone')
  const all = page.getByRole('region', { name: 'Choose your phone' })
  const phones = seedDeviceList('/sell-my-phone', 'Choose your phone')
  expect(phones.length).toBeGreaterThan(picked.length)
  expect(await names(all)).toEqual([...phones].sort())
})

test('pages render their structured sections from the CMS', async ({ page }) => {
  // Each model's tile sits under its make's heading, with its top price.
  const apple = page.getByRole('main').getByRole('region', { name: 'Apple', exact: true })
  await page.goto('/sell-my-phone')
  await expect(apple.getByRole('link', { name: /^iPhone 15\s*Up to £290$/ })).toBeVisible()
  await page.goto('/sell-my-tab')
  await expect(apple.getByRole('link', { name: /^iPad Air 11-inch \(M3\)\s*Up to £300$/ })).toBeVisible()
  await page.goto('/device-criteria')
  await expect(page.getByRole('heading', { name: 'Excellent', level: 3 })).toBeVisible()
  await page.goto('/about/faqs')
  // Each question is a native disclosure (role group); its answer shows once the question is clicked.
  const [first] = seedFaqSections('/about/faqs')
  const entry = page.getByRole('region', { name: first!.heading }).getByRole('group').first()
  const answer = entry.getByRole('paragraph').first()
  await expect(answer).toBeHidden()
  await entry.getByText(first!.questions[0]!, { exact: true }).click()
  await expect(answer).toBeVisible()
})

test('seed images are served locally', async ({ request }) => {
  const response = await request.get('/seed-assets/payment-card.svg')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/svg+xml')
})
