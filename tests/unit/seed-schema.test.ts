import { readSeed, type Doc } from '../support/seed-copy'
import { validateDocuments } from '../support/schema-validator'

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
    const paths = seed.filter((d) => d._type === 'page').map((d) => (d.path as { current: string }).current)
    expect(new Set(paths).size).toBe(31)
    for (const id of ['siteSettings', 'navigation', 'header', 'footer', 'newsletter', 'errorPages']) {
      expect(seed.filter((d) => d._type === id).map((d) => d._id)).toEqual([id])
    }
    expect(seed.filter((d) => d._type === 'shopItem')).toHaveLength(30)
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
