// What `npm run seed:orders` sells and when its clock runs out, read from the seed dataset
// (studio/seed/data.ndjson): the same models, storage sizes, grades, prices and timings a fresh
// clone's site shows.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { formatStorage } from '@/lib/storage-size'

export type SeedModel = {
  id: string
  device: (variantKey: string) => string
  revision: string
  variants: Array<{ key: string; prices: Record<string, number> }>
  /** Newer and cheaper phones sell more often than tablets and folding phones. */
  weight: number
}
export type SeedCatalogue = {
  models: SeedModel[]
  grades: Array<{ key: string; name: string; rank: number }>
  timings: {
    priceHoldDays: number
    revisedOfferDays: number
    reminderDaysBefore: number
    quarantineDays: number
    bankDetailsDays: number
  }
}

type Doc = Record<string, unknown> & { _id: string; _type: string }

export function readSeedCatalogue(file = path.join(process.cwd(), 'studio', 'seed', 'data.ndjson')): SeedCatalogue {
  const docs = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc)
    .filter((doc) => !doc._id.startsWith('drafts.'))
  const byId = new Map(docs.map((doc) => [doc._id, doc]))
  const grades = docs
    .filter((doc) => doc._type === 'conditionGrade')
    .map((doc) => ({
      id: doc._id,
      key: (doc.key as { current: string }).current,
      name: doc.name as string,
      rank: doc.rank as number,
    }))
  const gradeKey = new Map(grades.map((grade) => [grade.id, grade.key]))
  const models = docs
    .filter((doc) => doc._type === 'deviceModel')
    .map((doc): SeedModel => {
      const make = byId.get((doc.make as { _ref: string })._ref)?.name as string
      const variants = (
        doc.variants as Array<{
          _key: string
          storageGb: number
          prices: Array<{ grade: { _ref: string }; pence: number }>
        }>
      ).map((variant) => ({
        key: variant._key,
        storageGb: variant.storageGb,
        prices: Object.fromEntries(variant.prices.map((price) => [gradeKey.get(price.grade._ref)!, price.pence])),
      }))
      const order = (doc.order as number) ?? 100
      return {
        id: doc._id,
        device: (key) =>
          [make, doc.name, formatStorage(variants.find((variant) => variant.key === key)!.storageGb)].join(' '),
        revision: (doc._rev as string | undefined) ?? 'seed',
        variants,
        weight: (doc.category === 'tablet' ? 0.4 : 1) * (1 + 60 / (order + 20)),
      }
    })
  const pricing = byId.get('pricingRules') as unknown as { priceHoldDays: number }
  const timings = (byId.get('orderCopy') as unknown as { timings: SeedCatalogue['timings'] }).timings
  return { models, grades, timings: { ...timings, priceHoldDays: pricing.priceHoldDays } }
}
