import { ADMIN_MOVES } from '@/orders/moves/admin-input'
import { readSeed, type Doc } from '../support/seed-copy'
import { ROUTES } from '../support/routes'
import { loadSchema, validateDocuments } from '../support/schema-validator'

const seed = readSeed()
const without = <T extends object>(value: T, key: string): T => {
  const copy = { ...value }
  delete (copy as Record<string, unknown>)[key]
  return copy
}
const withDoc = (id: string, change: (doc: Doc) => Doc) => seed.map((doc) => (doc._id === id ? change(doc) : doc))

describe('the seed dataset against the Studio schema', () => {
  it('has no document the schema would reject', () => {
    expect(validateDocuments(seed)).toEqual([])
  })

  it('holds one page per route of the spec, at unique addresses, and the singletons at fixed ids', () => {
    const pages = seed.filter((d) => d._type === 'page')
    const paths = pages.map((d) => (d.path as { current: string }).current)
    expect(new Set(paths).size).toBe(pages.length)
    // Every route of the spec's table, less its two model pages, has a page document, and no other page exists.
    const specPaths = ROUTES.map(([path]) => path).filter((path) => !/^\/sell-my-(phone|tab)\//.test(path))
    expect([...paths].sort()).toEqual([...specPaths].sort())
    for (const id of ['siteSettings', 'navigation', 'header', 'footer', 'newsletter', 'errorPages']) {
      expect(seed.filter((d) => d._type === id).map((d) => d._id)).toEqual([id])
    }
    // Search items are numbered 1, 2, 3… with no gap or repeat, each at the id its number gives.
    const shopItems = seed.filter((d) => d._type === 'shopItem')
    expect(shopItems.length).toBeGreaterThan(0)
    expect(shopItems.map((d) => d.itemId)).toEqual(shopItems.map((_, index) => index + 1))
    expect(shopItems.map((d) => d._id)).toEqual(shopItems.map((d) => `shop-item-${d.itemId as number}`))
  })

  // The validator itself must be able to fail, or the test above proves nothing.
  it('reports an unknown type', () => {
    expect(validateDocuments([...seed, { _id: 'x', _type: 'product' }])).toEqual(['x: unknown document type "product"'])
  })

  it('reports an unknown field', () => {
    const errors = validateDocuments(withDoc('siteSettings', (d) => ({ ...d, tagline: 'Hi' })))
    expect(errors).toEqual(['siteSettings.tagline: unknown field'])
  })

  it('reports a missing required field', () => {
    const errors = validateDocuments(withDoc('page-about', (d) => without(d, 'description')))
    expect(errors).toEqual(['page-about.description: required field is missing'])
  })

  it('reports a broken reference and a reference to the wrong type', () => {
    const broken = validateDocuments(
      withDoc('model-iphone-13', (d) => ({ ...d, make: { _type: 'reference', _ref: 'make-nokia' } })),
    )
    expect(broken).toEqual(['model-iphone-13.make: reference to missing document "make-nokia"'])
    const wrong = validateDocuments(
      withDoc('model-iphone-13', (d) => ({ ...d, make: { _type: 'reference', _ref: 'page-home' } })),
    )
    expect(wrong).toEqual(['model-iphone-13.make: reference to a page, expected a deviceMake'])
  })

  it('reports a value of the wrong type and a missing _key', () => {
    const errors = validateDocuments(
      withDoc('siteSettings', (d) => ({
        ...d,
        reviewRating: { ...(d.reviewRating as object), score: '4' },
        socialLinks: (d.socialLinks as Doc[]).map((link) => without(link, '_key')),
      })),
    )
    expect(errors).toContain('siteSettings.reviewRating.score: expected a number')
    expect(errors).toContain('siteSettings.socialLinks[0]: array item has no _key')
  })
})

// Each staff move's name in the content is keyed by the move: one with no words would be a bare key
// on the order's page, and words for no move are words nobody reads.
describe('the words for the staff moves', () => {
  type Node = { value?: Node; attributes?: Record<string, Node>; optional?: boolean }
  const orderCopy = (loadSchema() as { name: string; attributes?: Record<string, Node> }[]).find(
    (entry) => entry.name === 'orderCopy',
  )
  const labelled = (schema = orderCopy) => schema?.attributes?.admin?.value?.attributes?.moves?.value?.attributes ?? {}
  const seedMoves = (docs: Doc[]) =>
    (docs.find((doc) => doc._id === 'orderCopy')?.admin as { moves?: Record<string, string> } | undefined)?.moves ?? {}
  const problems = (names: string[], moves: readonly string[] = ADMIN_MOVES) => [
    ...moves.filter((move) => !names.includes(move)).map((move) => `no words for ${move}`),
    ...names.filter((name) => !moves.includes(name)).map((name) => `words for no move: ${name}`),
  ]

  it('has a required label in the schema and words in the seed for every move staff make, and no other', () => {
    expect(ADMIN_MOVES.length).toBeGreaterThan(0)
    expect(problems(Object.keys(labelled()))).toEqual([])
    expect(Object.values(labelled()).every((field) => field.optional === false)).toBe(true)
    expect(problems(Object.keys(seedMoves(seed)).filter((move) => seedMoves(seed)[move]?.trim()))).toEqual([])
  })

  it('fails for a move with no words, or words for no move', () => {
    expect(problems(Object.keys(labelled()), [...ADMIN_MOVES, 'no-such-move'])).toEqual(['no words for no-such-move'])
    expect(problems([...Object.keys(seedMoves(seed)), 'ret'])).toEqual(['words for no move: ret'])
  })
})
