import { asSpreadsheetText, fromSpreadsheetText } from '../../web/lib/csv.ts'
import type { Grade, PriceCatalogue, PricedModel, ImportedPrices } from './price-catalogue'

/**
 * The price table as pricing analysts keep it: one spreadsheet row per model, storage size and
 * grade. Works on parsed CSV records (see csv.ts), so nothing here reads or writes a file.
 */
export const PRICE_CSV_HEADER: readonly string[] = ['make', 'model', 'model_slug', 'storage_gb', 'grade', 'price_gbp']

// The Studio's own limits (storageVariant and penceField): a value past them is a slip of the keyboard.
const MAX_STORAGE_GB = 16_384
const MAX_PENCE = 500_000

export type PriceImport = { ok: true; table: ImportedPrices; prices: number } | { ok: false; errors: string[] }

export function exportPriceRows({ grades, models }: PriceCatalogue): string[][] {
  return [
    [...PRICE_CSV_HEADER],
    ...models.flatMap((model) =>
      model.sizes.flatMap((size) =>
        grades.map((grade) =>
          [
            model.make,
            model.name,
            model.slug,
            String(size.storageGb),
            grade.name,
            // A missing price exports as a blank cell, for the analyst to fill in.
            formatPounds(size.pence.get(grade.id)),
          ].map(asSpreadsheetText),
        ),
      ),
    ),
  ]
}

/** Pounds with two decimals, from whole pence by integer arithmetic: 15205 → "152.05". */
export function formatPounds(pence: number | undefined): string {
  if (pence === undefined || !Number.isSafeInteger(pence) || pence <= 0) return ''
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`
}

/** Whole pence from "152", "152.5", "£152.00" or "£1,152.00"; undefined for anything else. */
export function parsePounds(text: string): number | undefined {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match?.[1]) return undefined
  const pence = Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(pence) ? pence : undefined
}

/** Checks every row and returns either the whole new table or every problem found, by spreadsheet row. */
export function importPriceRows(records: string[][], catalogue: PriceCatalogue): PriceImport {
  const [header = [], ...rows] = records
  const columns = findColumns(header)
  if (typeof columns === 'string') return { ok: false, errors: [columns] }
  const lookups = indexCatalogue(catalogue)
  const errors: string[] = []
  const table: ImportedPrices = new Map()
  // Model id → storage → grade id → the row that priced it, to find duplicates and gaps.
  const rowsSeen = new Map<string, Map<number, Map<string, number>>>()

  rows.forEach((record, index) => {
    const row = index + 2
    if (record.every((value) => value.trim() === '')) return
    const { model, storageGb, grade, pence, problems } = checkRow(record, columns, lookups)
    errors.push(...problems.map((problem) => `Row ${row}: ${problem}.`))
    if (!model || !storageGb || !grade) return
    const rowsByGrade = nested(nested(rowsSeen, model.id), storageGb)
    const earlier = rowsByGrade.get(grade.id)
    if (earlier) {
      errors.push(`Row ${row}: ${describe(model, storageGb)} ${grade.name} is already on row ${earlier}.`)
      return
    }
    rowsByGrade.set(grade.id, row)
    if (pence) nested(nested(table, model.id), storageGb).set(grade.id, pence)
  })

  for (const model of catalogue.models) {
    for (const [storageGb, rowsByGrade] of [...(rowsSeen.get(model.id) ?? [])].sort(([a], [b]) => a - b)) {
      for (const grade of catalogue.grades.filter((grade) => !rowsByGrade.has(grade.id))) {
        errors.push(`${describe(model, storageGb)} has no row for grade "${grade.name}".`)
      }
    }
  }
  if (!errors.length && !rowsSeen.size) errors.push('The file has no price rows under its header.')
  if (errors.length) return { ok: false, errors }
  const prices = [...table.values()].flatMap((sizes) => [...sizes.values()]).reduce((sum, row) => sum + row.size, 0)
  return { ok: true, table, prices }
}

type Lookups = {
  bySlug: Map<string, PricedModel>
  byName: Map<string, PricedModel[]>
  byGrade: Map<string, Grade>
  gradeNames: string
}
type CheckedRow = { model?: PricedModel; storageGb?: number; grade?: Grade; pence?: number; problems: string[] }

function checkRow(record: string[], columns: Columns, { bySlug, byName, byGrade, gradeNames }: Lookups): CheckedRow {
  const cell = (column: number) => (column < 0 ? '' : fromSpreadsheetText(record[column] ?? '').trim())
  const problems: string[] = []
  // An unquoted comma splits a cell in two: "£1,234.56" would otherwise import as £1.
  if (record.slice(columns.width).some((value) => value.trim() !== '')) {
    problems.push(`there are more cells than the header has columns: put quotes round a value that holds a comma`)
  }

  const [slug, name] = [cell(columns.slug), cell(columns.model)]
  const named = byName.get(name.toLowerCase()) ?? []
  const model = slug ? bySlug.get(slug.toLowerCase()) : named.length === 1 ? named[0] : undefined
  if (slug && !model) problems.push(`unknown model_slug "${slug}"`)
  else if (!slug && !name) problems.push('no model: model_slug and model are both empty')
  else if (!slug && named.length > 1) problems.push(`more than one model is called "${name}": fill in model_slug`)
  else if (!model) problems.push(`unknown model "${name}"`)

  const storage = cell(columns.storage)
  const gb = /^\d+$/.test(storage) ? Number(storage) : 0
  const storageGb = gb >= 1 && gb <= MAX_STORAGE_GB ? gb : undefined
  if (!storageGb) problems.push(`storage_gb "${storage}" is not a whole number of GB (such as 128, or 1024 for 1TB)`)

  const gradeText = cell(columns.grade)
  const grade = byGrade.get(gradeText.toLowerCase())
  if (!grade) problems.push(`unknown grade "${gradeText}": the grades are ${gradeNames}`)

  const price = cell(columns.price)
  const amount = parsePounds(price)
  const pence = amount && amount <= MAX_PENCE ? amount : undefined
  if (!price) problems.push('the price is empty')
  else if (!amount) problems.push(`price "${price}" is not an amount of pounds and pence above zero, such as 152.00`)
  else if (!pence) problems.push(`price "${price}" is over £${formatPounds(MAX_PENCE)}, the most a price may be`)

  return { model, storageGb, grade, pence, problems }
}

function indexCatalogue({ grades, models }: PriceCatalogue): Lookups {
  const byName = new Map<string, PricedModel[]>()
  for (const model of models) {
    const name = model.name.toLowerCase()
    byName.set(name, [...(byName.get(name) ?? []), model])
  }
  // A grade is found by its key or, winning any clash, by the name analysts see.
  const byGrade = new Map<string, Grade>()
  for (const grade of grades) byGrade.set(grade.key.toLowerCase(), grade)
  for (const grade of grades) byGrade.set(grade.name.toLowerCase(), grade)
  const bySlug = new Map(models.map((model) => [model.slug.toLowerCase(), model]))
  return { bySlug, byName, byGrade, gradeNames: grades.map((grade) => grade.name).join(', ') }
}

function nested<K, K2, V>(map: Map<K, Map<K2, V>>, key: K): Map<K2, V> {
  const inner = map.get(key) ?? new Map<K2, V>()
  map.set(key, inner)
  return inner
}

type Columns = { width: number; slug: number; model: number; storage: number; grade: number; price: number }

function findColumns(header: string[]): Columns | string {
  const names = header.map((name) => name.trim().toLowerCase())
  const prices = names.flatMap((name, index) => (name.includes('price') ? [index] : []))
  const columns = {
    width: header.length,
    slug: names.indexOf('model_slug'),
    model: names.indexOf('model'),
    storage: names.indexOf('storage_gb'),
    grade: names.indexOf('grade'),
    price: prices[0] ?? -1,
  }
  const missing = [
    ...(columns.slug < 0 && columns.model < 0 ? ['model_slug (or model)'] : []),
    ...(columns.storage < 0 ? ['storage_gb'] : []),
    ...(columns.grade < 0 ? ['grade'] : []),
    ...(columns.price < 0 ? ['price_gbp'] : []),
  ]
  if (missing.length) {
    return `Row 1, the header, has no ${missing.join(', ')} column: the header should be ${PRICE_CSV_HEADER.join(',')}.`
  }
  if (prices.length > 1) {
    const found = prices.map((index) => `"${header[index]?.trim()}"`).join(', ')
    return `Row 1, the header, has more than one price column (${found}): keep only the one to import.`
  }
  return columns
}

function describe(model: PricedModel, storageGb: number): string {
  return `${model.name} (${model.slug}) ${storageGb} GB`
}
