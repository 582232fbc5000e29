import type { ConditionGrade, PricedModel } from '@/content/types'
import { choicesQuery, parseAddRequest, parseChange, safeReturnPath } from '@/basket/request'
import { priceBasket, type StoredLine } from '@/basket/price-basket'

const grades: ConditionGrade[] = [
  { key: 'excellent', rank: 1, name: 'Excellent', summary: 'Like new.' },
  { key: 'good', rank: 2, name: 'Good', summary: 'Light wear.' },
]
const iphone: PricedModel = {
  _id: 'model-iphone-13',
  revision: 'rev-1',
  name: 'iPhone 13',
  make: 'Apple',
  category: 'phone',
  href: '/sell-my-phone/iphone-13',
  variants: [
    {
      key: '128gb',
      storageGb: 128,
      prices: [
        { grade: 'excellent', pence: 13000 },
        { grade: 'good', pence: 11400 },
      ],
    },
  ],
}
const line = (over: Partial<StoredLine>): StoredLine => ({
  id: 'l1',
  modelId: 'model-iphone-13',
  variantKey: '128gb',
  gradeKey: 'good',
  quantity: 1,
  addedPricePence: 11400,
  ...over,
})

describe('pricing a stored basket from the current catalogue', () => {
  it('names each device, prices it now and totals the basket', () => {
    const view = priceBasket(
      [line({ quantity: 2 }), line({ id: 'l2', gradeKey: 'excellent', addedPricePence: 13000 })],
      [iphone],
      grades,
      10,
    )
    expect(view.lines.map((l) => [l.device, l.gradeName, l.pricePence, l.lineTotalPence])).toEqual([
      ['Apple iPhone 13 128GB', 'Good', 11400, 22800],
      ['Apple iPhone 13 128GB', 'Excellent', 13000, 13000],
    ])
    expect(view).toMatchObject({ count: 3, totalPence: 35800, limit: 10, removed: [] })
  })

  it('follows the catalogue when a price moved, and keeps the price it was added at to say so', () => {
    const [moved] = priceBasket([line({ addedPricePence: 12000 })], [iphone], grades, 10).lines
    expect(moved).toMatchObject({ pricePence: 11400, addedPricePence: 12000, lineTotalPence: 11400 })
  })

  it('counts a line the catalogue no longer prices as nothing, rather than at its old price', () => {
    const view = priceBasket(
      [line({ modelId: 'model-gone' }), line({ id: 'l2', gradeKey: 'faulty' })],
      [iphone],
      grades,
      10,
    )
    expect(view.lines.map((l) => l.pricePence)).toEqual([null, null])
    expect(view.totalPence).toBe(0)
    expect(view.count).toBe(2)
  })

  it('keeps lines taken down to 0 apart, for undo, out of the count and total', () => {
    const view = priceBasket([line({ quantity: 0 }), line({ id: 'l2', quantity: 1 })], [iphone], grades, 10)
    expect(view.removed.map((l) => l.id)).toEqual(['l1'])
    expect(view).toMatchObject({ count: 1, totalPence: 11400 })
  })
})

describe('reading basket requests', () => {
  const json = (body: unknown) => ({ kind: 'json' as const, body })
  const form = (text: string) => ({ kind: 'form' as const, body: new URLSearchParams(text) })

  it('reads the model, storage and answers from JSON and from a plain form alike, and nothing else', () => {
    const expected = { model: 'model-iphone-13', storage: '128gb', answers: { power: 'yes', casing: 'light' } }
    expect(parseAddRequest(json({ ...expected, price: 1 }))).toEqual(expected)
    expect(parseAddRequest(form('model=model-iphone-13&storage=128gb&power=yes&casing=light&back=%2F'))).toEqual(
      expected,
    )
  })

  it('refuses malformed requests with a reason', () => {
    expect(parseAddRequest(json([]))).toHaveProperty('error')
    expect(parseAddRequest(json({ storage: '128gb' }))).toEqual({ error: 'model must name a model.' })
    expect(parseAddRequest(json({ model: 'm', answers: 'yes' }))).toHaveProperty('error')
    expect(parseAddRequest(json({ model: 'm', answers: { power: 1 } }))).toHaveProperty('error')
    expect(parseAddRequest(json({ model: 'x'.repeat(101) }))).toHaveProperty('error')
  })

  it('accepts only a step of one either way', () => {
    expect(parseChange(json({ change: 1 }))).toBe(1)
    expect(parseChange(form('change=-1'))).toBe(-1)
    expect(parseChange(json({ change: 5 }))).toBeNull()
    expect(parseChange(form('change=abc'))).toBeNull()
  })

  it('returns a no-script visitor only to a path on this site', () => {
    expect(safeReturnPath('/add-to-cart', '/')).toBe('/add-to-cart')
    expect(safeReturnPath('//evil.example', '/basket')).toBe('/basket')
    expect(safeReturnPath('https://evil.example/', '/basket')).toBe('/basket')
    expect(safeReturnPath(null, '/basket')).toBe('/basket')
  })

  it('puts the choices back into the price checker’s address', () => {
    expect(String(choicesQuery({ model: 'm', storage: '128gb', answers: { power: 'yes' } }))).toBe(
      'model=m&storage=128gb&power=yes',
    )
  })
})
