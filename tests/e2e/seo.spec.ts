import { expect, test, type Page } from '@playwright/test'
import { seedFaqSections } from '../support/seed-content'
import { readSeed } from '../support/seed-copy'
import { escapeRegExp } from './sell-helpers'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'markup is the same at every width'))

const SITE = 'https://www.example.co.uk'

// Structured data and meta tags are page metadata with no role: they are found by their attributes.
async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown> & { '@type': string })
}

test('each page carries its description, canonical address and share cards from the CMS', async ({ page }) => {
  await page.goto('/sell-my-phone')
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content')
  expect(await meta('meta[name="description"]')).toMatch(
    /^Sell your iPhone, Samsung, Google Pixel or other phone for cash\./,
  )
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/sell-my-phone`)
  expect(await meta('meta[property="og:title"]')).toBe('Sell my phone')
  expect(await meta('meta[property="og:url"]')).toBe(`${SITE}/sell-my-phone`)
  expect(await meta('meta[property="og:site_name"]')).toBe('Handback')
  expect(await meta('meta[property="og:locale"]')).toBe('en_GB')
  expect(await meta('meta[property="og:image"]')).toBe(`${SITE}/seed-assets/share-default.png`)
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image')
  expect(await meta('meta[name="twitter:image"]')).toBe(`${SITE}/seed-assets/share-default.png`)
})

test('every page describes the business as an Organization', async ({ page }) => {
  for (const path of ['/', '/contact-us', '/no-such-page']) {
    await page.goto(path)
    const org = (await jsonLd(page)).find((item) => item['@type'] === 'Organization')
    expect(org).toMatchObject({
      name: 'Handback',
      url: `${SITE}/`,
      logo: `${SITE}/seed-assets/logo.svg`,
      contactPoint: { telephone: '+442079460123', email: 'hello@example.co.uk', areaServed: 'GB' },
    })
    expect(org?.sameAs).toContain('https://www.instagram.com/example')
  }
})

test('breadcrumbs and FAQs are described for search engines', async ({ page }) => {
  await page.goto('/about/faqs')
  const items = await jsonLd(page)
  const crumbs = items.find((item) => item['@type'] === 'BreadcrumbList') as unknown as { itemListElement: unknown[] }
  expect(crumbs.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Sell your phone or tablet for cash', item: `${SITE}/` },
    { '@type': 'ListItem', position: 2, name: 'About us', item: `${SITE}/about` },
    { '@type': 'ListItem', position: 3, name: 'FAQs', item: `${SITE}/about/faqs` },
  ])
  const faq = items.find((item) => item['@type'] === 'FAQPage') as unknown as { mainEntity: Array<{ name: string }> }
  // The described questions are the ones shown, section by section, each a disclosure (role group).
  const sections = seedFaqSections('/about/faqs')
  expect(sections.length).toBeGreaterThan(0)
  expect(faq.mainEntity.map((q) => q.name)).toEqual(sections.flatMap((section) => section.questions))
  for (const { heading, questions } of sections) {
    await expect(page.getByRole('region', { name: heading }).getByRole('group')).toHaveText(
      questions.map((question) => new RegExp(`^${escapeRegExp(question)}`)),
    )
  }

  // The home page shows a few top questions but its editor left them out of its description (they
  // sum up the FAQ page's): it has neither FAQs nor, being the top, breadcrumbs to describe.
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Your top questions' }).getByRole('group')).toHaveCount(4)
  const home = (await jsonLd(page)).map((item) => item['@type'])
  expect(home).toEqual(['Organization'])
})

test('the sitemap lists every page and every model page, but no visitor’s basket or account, and robots.txt names it', async ({
  request,
}) => {
  const seed = readSeed()
  const pages = seed.flatMap((doc) => (doc._type === 'page' ? [(doc.path as { current: string }).current] : []))
  const models = seed.flatMap((doc) =>
    doc._type === 'deviceModel'
      ? [`/${doc.category === 'tablet' ? 'sell-my-tab' : 'sell-my-phone'}/${(doc.slug as { current: string }).current}`]
      : [],
  )
  const perVisitor = [
    '/add-to-cart',
    '/complete-order',
    '/login',
    '/sign-up',
    '/forget-password',
    '/set-new-password',
    '/confirm-email',
    '/two-factor',
    '/profile',
    '/order-successful',
    '/order-tracker',
    '/order-tracker-details',
    '/proof-of-identity',
  ]
  expect(pages).toEqual(expect.arrayContaining(perVisitor))
  expect(models).toContain('/sell-my-phone/iphone-13')

  const sitemap = await (await request.get('/sitemap.xml')).text()
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  const expected = [...pages.filter((path) => !perVisitor.includes(path)), ...models].map((path) => `${SITE}${path}`)
  expect([...urls].sort()).toEqual([...new Set(expected)].sort())
  expect(urls).toContain(`${SITE}/`)
  expect(urls).toContain(`${SITE}/sell/weee-business-recycling`)
  expect(urls).toContain(`${SITE}/sell-my-tab/ipad-a16`)
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  expect(robots).toMatch(/Disallow: \/api\//)
})
