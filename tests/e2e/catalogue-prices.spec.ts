import { expect, test } from '@playwright/test'
import { readSeed } from '../support/seed-copy'
import { seedDocs } from '../support/seed-content'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'one viewport is enough'))

type Variant = { prices: Array<{ pence: number }> }

/** Every model's best price in the catalogue (the seed), as "Make Model" → pence. */
function catalogueTopPrices(): Map<string, number> {
  const docs = readSeed()
  const makes = new Map(seedDocs('deviceMake', docs).map((doc) => [doc._id, doc.name as string]))
  return new Map(
    seedDocs('deviceModel', docs).map((doc) => [
      `${makes.get((doc.make as { _ref: string })._ref)} ${doc.name as string}`,
      Math.max(...(doc.variants as Variant[]).flatMap((variant) => variant.prices.map((price) => price.pence))),
    ]),
  )
}

const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB')}`

// The header search once listed sample shop items ("£499" for an iPhone 13 the catalogue buys for
// at most £160). Every price it shows must be the catalogue's.
test('the header search quotes each model at its top catalogue price', async ({ page }) => {
  const top = catalogueTopPrices()
  await page.goto('/')
  const box = page.getByRole('combobox', { name: 'Search for your device' })
  await box.fill('iPhone 13')
  const options = page.getByRole('option')
  await expect(options.first()).toBeVisible()
  const texts = await options.allTextContents()
  expect(texts.length).toBeGreaterThan(0)
  for (const text of texts) {
    const title = [...top.keys()].filter((name) => text.includes(name)).sort((a, b) => b.length - a.length)[0]
    expect(title, text).toBeDefined()
    expect(text).toContain(`Up to ${pounds(top.get(title!)!)}`)
  }
  expect(texts.join(' ')).toContain(`Up to ${pounds(top.get('Apple iPhone 13')!)}`)
})
