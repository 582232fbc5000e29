import type { DeviceModel } from '@/content/sanity.types'

/**
 * The price table as the content holds it: condition grades, and each model's storage sizes with a
 * price in pence per grade. Read from raw documents (the seed's lines or Sanity's), so every field is
 * checked rather than trusted, and written back as whole `variants` arrays.
 */
export type ContentDocument = { _id: string; _type: string; _rev?: string; [field: string]: unknown }
export type PriceVariant = DeviceModel['variants'][number]

export type Grade = { id: string; name: string; key: string; rank: number }
export type StorageSize = { key: string; storageGb: number; pence: Map<string, number> }
export type PricedModel = {
  id: string
  rev?: string
  name: string
  slug: string
  make: string
  /** As stored, so an import that changes nothing is told apart from one that does. */
  variants: unknown
  sizes: StorageSize[]
}
/** Grades by rank; models by make order, model order, then name. */
export type PriceCatalogue = { grades: Grade[]; models: PricedModel[] }

/** Model id → storage in GB → grade id → pence. */
export type ImportedPrices = Map<string, Map<number, Map<string, number>>>
export type PriceChange = { id: string; rev?: string; variants: PriceVariant[] }

export function readPriceCatalogue(documents: readonly ContentDocument[]): PriceCatalogue {
  // Drafts and other dotted ids are not the published table, and must never be written over.
  const published = documents.filter((doc) => !doc._id.includes('.'))
  const ofType = (type: string) => published.filter((doc) => doc._type === type)
  const grades = ofType('conditionGrade')
    .map((doc) => ({
      id: doc._id,
      name: text(doc.name) || doc._id,
      key: text(field(doc.key, 'current')) || doc._id,
      rank: finite(doc.rank),
    }))
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'en'))
  const makes = new Map(
    ofType('deviceMake').map((doc) => [doc._id, { name: text(doc.name), order: finite(doc.order) }]),
  )
  const models = ofType('deviceModel').map((doc) => {
    const make = makes.get(text(field(doc.make, '_ref')))
    const model: PricedModel = {
      id: doc._id,
      rev: doc._rev,
      name: text(doc.name) || doc._id,
      slug: text(field(doc.slug, 'current')),
      make: make?.name ?? '',
      variants: doc.variants,
      sizes: readSizes(doc.variants),
    }
    return { model, sortKey: [make?.order ?? Infinity, make?.name ?? '', finite(doc.order), model.name] as const }
  })
  models.sort(
    ({ sortKey: a }, { sortKey: b }) => a[0] - b[0] || compare(a[1], b[1]) || a[2] - b[2] || compare(a[3], b[3]),
  )
  return { grades, models: models.map(({ model }) => model) }
}

/** New `variants` for each model in the table whose prices differ from what is stored. */
export function applyPriceTable({ grades, models }: PriceCatalogue, table: ImportedPrices): PriceChange[] {
  return models.flatMap((model) => {
    const sizes = table.get(model.id)
    if (!sizes) return []
    const variants = buildVariants(model, sizes, grades)
    return signature(variants) === signature(model.variants) ? [] : [{ id: model.id, rev: model.rev, variants }]
  })
}

/** The seed with each changed model's line replaced; every other line stays byte for byte. */
export function rewriteSeedLines(ndjson: string, changes: readonly PriceChange[]): string {
  const byId = new Map(changes.map((change) => [change.id, change]))
  return ndjson
    .split('\n')
    .map((line) => {
      if (!line.trim()) return line
      const doc = JSON.parse(line) as ContentDocument
      const change = byId.get(doc._id)
      if (!change) return line
      return JSON.stringify({ ...doc, variants: change.variants }) + (line.endsWith('\r') ? '\r' : '')
    })
    .join('\n')
}

function buildVariants(model: PricedModel, sizes: Map<number, Map<string, number>>, grades: Grade[]): PriceVariant[] {
  const storedKeys = new Map(model.sizes.map((size) => [size.storageGb, size.key]))
  const kept = new Set([...sizes.keys()].flatMap((gb) => storedKeys.get(gb) ?? []))
  return [...sizes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([storageGb, pence]) => ({
      _key: storedKeys.get(storageGb) ?? freshKey(storageGb, kept),
      _type: 'storageVariant' as const,
      storageGb,
      prices: grades.flatMap((grade) => {
        const amount = pence.get(grade.id)
        const ref = { _type: 'reference' as const, _ref: grade.id }
        return amount === undefined
          ? []
          : [{ _key: grade.key, _type: 'gradePrice' as const, grade: ref, pence: amount }]
      }),
    }))
}

// A size new to the model gets "256gb", unless a size that stays already holds that key.
function freshKey(storageGb: number, kept: Set<string>): string {
  let key = `${storageGb}gb`
  for (let n = 2; kept.has(key); n++) key = `${storageGb}gb-${n}`
  return key
}

// What an import sets, in a fixed order: the order of keys or of array items as stored is not a
// change, so a round trip patches nothing even where the Studio saved things in another order.
function signature(variants: unknown): string {
  const prices = (variant: unknown) =>
    list(field(variant, 'prices'))
      .map((price) =>
        JSON.stringify([field(price, '_key'), field(field(price, 'grade'), '_ref'), field(price, 'pence')]),
      )
      .sort()
  return list(variants)
    .map((variant) => JSON.stringify([field(variant, '_key'), field(variant, 'storageGb'), prices(variant)]))
    .sort()
    .join('\n')
}

function readSizes(variants: unknown): StorageSize[] {
  return list(variants)
    .flatMap((variant: unknown) => {
      const storageGb = field(variant, 'storageGb')
      if (typeof storageGb !== 'number') return []
      const prices = field(variant, 'prices')
      const pence = new Map<string, number>()
      for (const price of list(prices)) {
        const amount = field(price, 'pence')
        if (typeof amount === 'number') pence.set(text(field(field(price, 'grade'), '_ref')), amount)
      }
      return [{ key: text(field(variant, '_key')) || `${storageGb}gb`, storageGb, pence }]
    })
    .sort((a, b) => a.storageGb - b.storageGb)
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function field(value: unknown, name: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function finite(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Infinity
}

function compare(a: string, b: string): number {
  return a.localeCompare(b, 'en')
}
