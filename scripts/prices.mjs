// The price table as a spreadsheet: `npm run prices:export -- FILE.csv` writes it out, and
// `npm run prices:import -- FILE.csv` checks every row and writes it back, or writes nothing.
// Plain JavaScript like the other scripts; Node strips the types from the .ts rules it imports.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { formatCsv, parseCsv } from '../web/lib/csv.ts'
import { applyPriceTable, readPriceCatalogue } from './prices/price-catalogue.ts'
import { exportPriceRows, importPriceRows } from './prices/price-table-csv.ts'
import { openPriceStore } from './price-store.mjs'

const USAGE = 'Usage: npm run prices:export -- FILE.csv, or npm run prices:import -- FILE.csv'

const [command, file, ...extra] = process.argv.slice(2)
if ((command !== 'export' && command !== 'import') || !file || extra.length) {
  console.error(USAGE)
  process.exit(2)
}
// npm runs scripts from the repository root; a file named on the command line is where the user stood.
const csvPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)

try {
  const store = openPriceStore()
  if (command === 'export') await exportPrices(store)
  else await importPrices(store)
} catch (error) {
  console.error(`${command === 'export' ? 'Export' : 'Import'} failed: ${error.message}`)
  process.exit(1)
}

async function exportPrices(store) {
  const catalogue = readPriceCatalogue(await store.read())
  const rows = exportPriceRows(catalogue)
  await writeFile(csvPath, formatCsv(rows))
  const models = catalogue.models.filter((model) => model.sizes.length).length
  console.log(`Exported ${rows.length - 1} prices for ${models} models from ${store.name} to ${file}`)
}

async function importPrices(store) {
  store.checkWritable()
  const text = await readFile(csvPath, 'utf8')
  const catalogue = readPriceCatalogue(await store.read())
  const result = importPriceRows(parseCsv(text), catalogue)
  if (!result.ok) {
    console.error(`${file} was not imported, and nothing was written. Fix these and import it again:`)
    for (const error of result.errors) console.error(`  ${error}`)
    if (text.includes('\uFFFD')) console.error('  (The file is not UTF-8: in Excel, save it as "CSV UTF-8".)')
    process.exit(1)
  }
  const changes = applyPriceTable(catalogue, result.table)
  if (changes.length) await store.write(changes)
  const summary = `${result.prices} prices for ${result.table.size} models (${changes.length} changed)`
  console.log(`Imported ${summary} into ${store.name}`)
}
