import { renderToStaticMarkup } from 'react-dom/server'
import { OrderStatusesSection } from '@/components/sections/order-statuses-section'
import { seedOrderStatusNames } from '../support/seed-content'
import { copySeed, type Doc } from '../support/seed-copy'

// The statuses list is read from the Orders document, its day counts from the numbers editors set.
async function renderWithSeed(edit?: (docs: Doc[]) => Doc[]) {
  process.env.SEED_DATASET_PATH = copySeed(edit)
  return renderToStaticMarkup(await OrderStatusesSection())
}

const editDoc = (id: string, change: (doc: Doc) => Doc) => (docs: Doc[]) =>
  docs.map((doc) => (doc._id === id ? change(doc) : doc))

afterEach(() => {
  delete process.env.SEED_DATASET_PATH
})

describe('the order statuses section', () => {
  it('lists every status with its explanation, under the anchor the footer links to', async () => {
    const html = await renderWithSeed()
    expect(html).toContain('id="order-statuses"')
    expect(html).toContain('What each status means')
    // Each status the Orders document names is a term of the list, in the document's order, and nothing else is.
    const terms = [...html.matchAll(/<dt>([^<]*)<\/dt>/g)].map((match) => match[1])
    expect(terms).toEqual(seedOrderStatusNames())
    expect(terms).toContain('Order placed')
    expect(html).toContain('Your price is held for 14 days')
    expect(html).toContain('within 14 days')
    expect(html).toContain('for up to 28 days')
    expect(html).not.toMatch(/\{\w+\}/)
  })

  it('follows the days editors set in Pricing rules and the Orders document', async () => {
    const html = await renderWithSeed((docs) =>
      editDoc('pricingRules', (rules) => ({ ...rules, priceHoldDays: 21 }))(
        editDoc('orderCopy', (copy) => ({
          ...copy,
          timings: { ...(copy.timings as object), revisedOfferDays: 10, quarantineDays: 30 },
        }))(docs),
      ),
    )
    expect(html).toContain('Your price is held for 21 days')
    expect(html).toContain('within 10 days')
    expect(html).toContain('for up to 30 days')
    expect(html).not.toContain('14 days')
  })

  it('fails naming the Orders document when it is missing', async () => {
    await expect(renderWithSeed((docs) => docs.filter((doc) => doc._id !== 'orderCopy'))).rejects.toThrow(
      /Orders document \(id "orderCopy"\)/,
    )
  })
})
