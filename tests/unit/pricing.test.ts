import { fetchQuery } from '@/content/fetch-query'
import { conditionGradesQuery, modelPageQuery, pricingRulesQuery } from '@/content/catalogue-queries'
import { gradeFor, priceOf, quote, topPrice, type ConditionRules, type PriceTable } from '@/lib/pricing'
import { seedDocs } from '../support/seed-content'
import { copySeed } from '../support/seed-copy'

const grades = [
  { key: 'excellent', rank: 1 },
  { key: 'good', rank: 2 },
  { key: 'fair', rank: 3 },
  { key: 'faulty', rank: 4 },
]
const none = (key: string) => ({ key, effect: 'none' as const, grade: null, refusal: null })
const cap = (key: string, grade: string) => ({ key, effect: 'cap' as const, grade, refusal: null })
const rules: ConditionRules = {
  questions: [
    { key: 'power', answers: [none('yes'), cap('no', 'faulty')] },
    { key: 'casing', answers: [none('like-new'), cap('light', 'good'), cap('heavy', 'fair')] },
    { key: 'lock', answers: [none('yes'), { key: 'no', effect: 'refuse', grade: null, refusal: 'Turn off Find My.' }] },
  ],
}
const table: PriceTable = {
  variants: [
    { key: '128gb', storageGb: 128, prices: grades.map((g, i) => ({ grade: g.key, pence: 13000 - i * 3000 })) },
    { key: '256gb', storageGb: 256, prices: [{ grade: 'excellent', pence: 15000 }] },
  ],
}
const fine = { power: 'yes', casing: 'like-new', lock: 'yes' }

describe('grading a device from the seller’s answers', () => {
  it('starts at the best grade and lets the worst cap win, whatever the order', () => {
    expect(gradeFor(rules, grades, fine)).toEqual({ kind: 'grade', gradeKey: 'excellent' })
    expect(gradeFor(rules, grades, { ...fine, casing: 'light' })).toEqual({ kind: 'grade', gradeKey: 'good' })
    expect(gradeFor(rules, grades, { ...fine, power: 'no', casing: 'light' })).toEqual({
      kind: 'grade',
      gradeKey: 'faulty',
    })
    expect(gradeFor(rules, grades, { ...fine, casing: 'heavy' })).toEqual({ kind: 'grade', gradeKey: 'fair' })
  })

  it('refuses a device when an answer says it cannot be bought', () => {
    expect(gradeFor(rules, grades, { ...fine, lock: 'no' })).toEqual({
      kind: 'refused',
      questionKey: 'lock',
      refusal: 'Turn off Find My.',
    })
  })
})

describe('quoting a price', () => {
  it('prices the chosen storage in the grade the answers give', () => {
    expect(quote(table, rules, grades, { variant: '128gb', answers: { ...fine, casing: 'light' } })).toEqual({
      kind: 'price',
      variantKey: '128gb',
      storageGb: 128,
      gradeKey: 'good',
      pence: 10000,
    })
  })

  it('names every missing or unknown choice instead of guessing', () => {
    expect(quote(table, rules, grades, { variant: null, answers: { power: 'yes' } })).toEqual({
      kind: 'invalid',
      problems: [
        { field: 'storage', code: 'missing' },
        { field: 'casing', code: 'missing' },
        { field: 'lock', code: 'missing' },
      ],
    })
    expect(quote(table, rules, grades, { variant: '64gb', answers: { ...fine, power: 'maybe' } })).toEqual({
      kind: 'invalid',
      problems: [
        { field: 'storage', code: 'unknown' },
        { field: 'power', code: 'unknown' },
      ],
    })
  })

  it('tells a seller at once that a locked device cannot be bought, before the other answers', () => {
    expect(quote(table, rules, grades, { variant: null, answers: { lock: 'no' } })).toMatchObject({ kind: 'refused' })
  })

  it('reports a size with no price for the grade as the content’s gap, not a price of zero', () => {
    expect(quote(table, rules, grades, { variant: '256gb', answers: { ...fine, casing: 'heavy' } })).toEqual({
      kind: 'unpriced',
      variantKey: '256gb',
      gradeKey: 'fair',
    })
  })

  it('derives the "Up to" price and a line’s price from the same table', () => {
    expect(topPrice(table)).toBe(15000)
    expect(priceOf(table, '128gb', 'fair')).toBe(7000)
    expect(priceOf(table, '128gb', 'mint')).toBeNull()
  })
})

describe('the seed’s pricing content', () => {
  const source = { kind: 'local' as const, datasetPath: copySeed() }

  it('prices an iPhone 13 128GB in Good condition from the published table', async () => {
    const [model, seedRules, seedGrades] = await Promise.all([
      fetchQuery(modelPageQuery, { source, params: { category: 'phone', slug: 'iphone-13' } }),
      fetchQuery(pricingRulesQuery, { source }),
      fetchQuery(conditionGradesQuery, { source }),
    ])
    expect(seedRules?.priceHoldDays).toBe(14)
    const answers = { power: 'yes', cracks: 'no', casing: 'light', lock: 'yes', blocked: 'no' }
    const result = quote(model!, seedRules!, seedGrades, { variant: '128gb', answers })
    expect(result).toMatchObject({ kind: 'price', gradeKey: 'good' })
    expect(result.kind === 'price' && result.pence).toBe(priceOf(model!, '128gb', 'good'))
    expect(model!.topPricePence).toBe(topPrice(model!))
  })

  it('has a price for every grade of every storage size of every model', async () => {
    const [models, seedGrades] = await Promise.all([
      fetchQuery(
        `*[_type == "deviceModel"]{ _id, "variants": variants[]{ "key": _key, storageGb, "prices": prices[]{ "grade": grade->key.current, pence } } }`,
        { source },
      ),
      fetchQuery(conditionGradesQuery, { source }),
    ])
    const gaps = (models as Array<PriceTable & { _id: string }>).flatMap((model) =>
      model.variants.flatMap((variant) =>
        seedGrades
          .filter((grade) => priceOf(model, variant.key, grade.key) === null)
          .map((grade) => `${model._id} ${variant.key} ${grade.key}`),
      ),
    )
    // Every model in the seed was checked, and there were models to check.
    expect(models).toHaveLength(seedDocs('deviceModel').length)
    expect((models as unknown[]).length).toBeGreaterThan(0)
    expect(gaps).toEqual([])
  })
})
