import { CsvError, formatCsv, parseCsv } from '@/lib/csv'
import {
  applyPriceTable,
  readPriceCatalogue,
  rewriteSeedLines,
  type ContentDocument,
  type PriceCatalogue,
} from '../../scripts/prices/price-catalogue'
import { exportPriceRows, formatPounds, importPriceRows, parsePounds } from '../../scripts/prices/price-table-csv'

const GRADES = ['excellent', 'good', 'fair', 'faulty']

function grade(key: string, rank: number, name = key[0]?.toUpperCase() + key.slice(1)): ContentDocument {
  return { _id: `grade-${key}`, _type: 'conditionGrade', name, key: { _type: 'slug', current: key }, rank }
}

/** A model with one price per grade per size, given as pence in grade order. */
function model(slug: string, name: string, make: string, order: number, sizes: Array<[number, number[]]>) {
  return {
    _id: `model-${slug}`,
    _type: 'deviceModel',
    name,
    slug: { _type: 'slug', current: slug },
    make: { _type: 'reference', _ref: `make-${make}` },
    category: 'phone',
    order,
    variants: sizes.map(([gb, pence]) => ({
      _key: `${gb}gb`,
      _type: 'storageVariant',
      storageGb: gb,
      prices: pence.map((amount, index) => ({
        _key: GRADES[index],
        _type: 'gradePrice',
        grade: { _type: 'reference', _ref: `grade-${GRADES[index]}` },
        pence: amount,
      })),
    })),
  }
}

// Listed out of table order on purpose (iPhone 14's sizes too): the export sorts them all.
const DOCUMENTS: ContentDocument[] = [
  grade('fair', 3),
  grade('excellent', 1),
  grade('good', 2),
  grade('faulty', 4),
  { _id: 'make-samsung', _type: 'deviceMake', name: 'Samsung', order: 2 },
  { _id: 'make-apple', _type: 'deviceMake', name: 'Apple', order: 1 },
  model('galaxy-s24', 'Galaxy S24', 'samsung', 10, [[128, [20000, 17500, 13000, 6000]]]),
  model('iphone-14', 'iPhone 14', 'apple', 20, [
    [256, [25000, 22000, 17000, 8000]],
    [128, [21000, 18500, 14000, 6500]],
  ]),
  model('iphone-13', 'iPhone 13', 'apple', 20, [[128, [14000, 12500, 9500, 4005]]]),
  model('iphone-15', 'iPhone 15', 'apple', 10, [[128, [30000, 26500, 20500, 9000]]]),
  { ...model('iphone-15', 'iPhone 15', 'apple', 10, [[128, [1, 1, 1, 1]]]), _id: 'drafts.model-iphone-15' },
]
const SEED = DOCUMENTS.map((doc) => JSON.stringify(doc)).join('\n') + '\n'
const catalogue = readPriceCatalogue(DOCUMENTS)
const exported = exportPriceRows(catalogue)

const HEADER = 'make,model,model_slug,storage_gb,grade,price_gbp'
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n')
const fourGrades = (prefix: string, prices = ['140.00', '125.00', '95.00', '40.05']) =>
  GRADES.map((key, index) => `${prefix},${key},${prices[index]}`)
const iphone13 = (gb = '128', prices?: string[]) => fourGrades(`Apple,iPhone 13,iphone-13,${gb}`, prices)

function errorsOf(text: string, from: PriceCatalogue = catalogue): string[] {
  const result = importPriceRows(parseCsv(text), from)
  if (result.ok) throw new Error('expected the import to be refused')
  return result.errors
}

function tableOf(text: string) {
  const result = importPriceRows(parseCsv(text), catalogue)
  if (!result.ok) throw new Error(result.errors.join('\n'))
  return result
}

describe('CSV as spreadsheets save it', () => {
  it("reads Excel's byte order mark, CRLF, quoted commas, doubled quotes and line breaks in quotes", () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"two\r\nlines",z\r\n\r\n\r\n'
    expect(parseCsv(text)).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['two\r\nlines', 'z'], [''], ['']])
  })

  it('keeps blank lines as records, so record i is spreadsheet row i + 1', () => {
    expect(parseCsv('h\n\nrow3\n')).toEqual([['h'], [''], ['row3']])
  })

  it('names the row where a quote is never closed', () => {
    expect(() => parseCsv('h\nok\n"open,2\n')).toThrow(
      new CsvError('Row 3: a quoted field is never closed (a " is missing).'),
    )
  })

  it('writes CRLF and quotes only the fields that need it, and reads back what it wrote', () => {
    const records = [['iPad Pro 13-inch (M4)', 'a,b', 'say "hi"', 'line\nbreak']]
    expect(formatCsv(records)).toBe('iPad Pro 13-inch (M4),"a,b","say ""hi""","line\nbreak"\r\n')
    expect(parseCsv(formatCsv(records))).toEqual(records)
  })
})

describe('pounds and pence', () => {
  it('formats whole pence exactly, where floating point would not', () => {
    expect([15200, 15205, 1005, 29, 1].map(formatPounds)).toEqual(['152.00', '152.05', '10.05', '0.29', '0.01'])
  })

  it('reads what analysts type, to the penny', () => {
    const typed = ['152', '152.5', '152.00', '£152.00', ' 152.05 ', '£1,152.00', '0.29', '10.05', '4.35']
    expect(typed.map(parsePounds)).toEqual([15200, 15250, 15200, 15200, 15205, 115200, 29, 1005, 435])
  })

  it('reads nothing from amounts that are not pounds and pence', () => {
    for (const text of ['-3', '12.345', 'abc', '', '1,52.00', '152.', '.5', '£', '1e3']) {
      expect(parsePounds(text)).toBeUndefined()
    }
  })
})

describe('exporting the price table', () => {
  it('writes a header, then rows by make order, model order and name, storage and grade rank', () => {
    expect(exported[0]).toEqual(HEADER.split(','))
    const sizes: Array<[string, number]> = [
      ['iPhone 15', 128],
      ['iPhone 13', 128],
      ['iPhone 14', 128],
      ['iPhone 14', 256],
      ['Galaxy S24', 128],
    ]
    expect(exported.slice(1).map((row) => row.slice(1, 5).join(' '))).toEqual(
      sizes.flatMap(([name, gb]) =>
        ['Excellent', 'Good', 'Fair', 'Faulty'].map((g) => `${name} ${slug(name)} ${gb} ${g}`),
      ),
    )
  })

  it('gives grade names and pounds, from published documents only', () => {
    expect(exported[1]).toEqual(['Apple', 'iPhone 15', 'iphone-15', '128', 'Excellent', '300.00'])
    expect(exported[8]).toEqual(['Apple', 'iPhone 13', 'iphone-13', '128', 'Faulty', '40.05'])
  })

  it('follows a renamed grade, and leaves a missing price blank for the analyst', () => {
    const docs = DOCUMENTS.map((doc) => (doc._id === 'grade-good' ? { ...doc, name: 'Very good' } : doc))
    const withoutGood = docs.map((doc) => (doc._id === 'model-iphone-15' ? dropPrice(doc, 'grade-good') : doc))
    expect(exportPriceRows(readPriceCatalogue(withoutGood))[2]).toEqual([
      ...['Apple', 'iPhone 15', 'iphone-15', '128', 'Very good'],
      '',
    ])
  })
})

describe('importing a spreadsheet', () => {
  it('is a no-op on what it exported, down to the byte', () => {
    const { table } = tableOf(formatCsv(exported))
    expect(applyPriceTable(catalogue, table)).toEqual([])
    expect(rewriteSeedLines(SEED, applyPriceTable(catalogue, table))).toBe(SEED)
  })

  it('changes exactly the document whose price changed, and only that price', () => {
    const edited = exported.map((row) =>
      row[2] === 'iphone-14' && row[3] === '256' && row[4] === 'Good' ? [...row.slice(0, 5), '230.50'] : row,
    )
    const changes = applyPriceTable(catalogue, tableOf(formatCsv(edited)).table)
    expect(changes.map((change) => change.id)).toEqual(['model-iphone-14'])

    const before = SEED.split('\n')
    const after = rewriteSeedLines(SEED, changes).split('\n')
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [index]))
    expect(changed).toEqual([before.findIndex((line) => line.includes('"_id":"model-iphone-14"'))])
    const original = JSON.parse(before[changed[0] ?? -1] ?? '{}')
    const rewritten = JSON.parse(after[changed[0] ?? -1] ?? '{}')
    original.variants.sort((a: { storageGb: number }, b: { storageGb: number }) => a.storageGb - b.storageGb)
    original.variants[1].prices[1].pence = 23050
    expect(rewritten).toEqual(original)
  })

  it('takes what Excel saves: BOM, CRLF, quotes, columns in another order, extra columns, blank lines at the end', () => {
    const text =
      '\uFEFFGrade,Price (GBP),Storage_GB,Model,Notes\r\n' +
      '"Excellent","£152.00",128,"IPHONE 13","raise, per Sam"\r\n' +
      'good,152,128,iPhone 13,\r\n' +
      'FAIR,152.5,128,iPhone 13,\r\n' +
      'Faulty,"1,152.00",128,iPhone 13,\r\n' +
      ',,,,\r\n\r\n'
    const { table, prices } = tableOf(text)
    expect(prices).toBe(4)
    expect(Object.fromEntries(table.get('model-iphone-13')?.get(128) ?? [])).toEqual({
      'grade-excellent': 15200,
      'grade-good': 15200,
      'grade-fair': 15250,
      'grade-faulty': 115200,
    })
  })

  it('finds a model by name when its model_slug cell is empty', () => {
    const rows = iphone13().map((row) => row.replace('iphone-13', ''))
    expect([...tableOf(csv(...rows)).table.keys()]).toEqual(['model-iphone-13'])
  })

  it('replaces the storages of a model in the file, keeping known keys and ordering by size', () => {
    const docs = DOCUMENTS.map((doc) =>
      doc._id === 'model-iphone-14' ? { ...doc, variants: renameKey(doc.variants, 256, 'custom') } : doc,
    )
    const from = readPriceCatalogue(docs)
    const file = csv(
      ...fourGrades('Apple,iPhone 14,iphone-14,512'),
      ...fourGrades('Apple,iPhone 14,iphone-14,256'),
      ...iphone13(),
    )
    const result = importPriceRows(parseCsv(file), from)
    if (!result.ok) throw new Error(result.errors.join('\n'))
    const [change, ...others] = applyPriceTable(from, result.table)
    expect(others).toEqual([])
    expect(change?.variants.map((variant) => [variant._key, variant.storageGb])).toEqual([
      ['custom', 256],
      ['512gb', 512],
    ])
    expect(change?.variants[1]?.prices).toEqual(
      GRADES.map((key, index) => ({
        _key: key,
        _type: 'gradePrice',
        grade: { _type: 'reference', _ref: `grade-${key}` },
        pence: [14000, 12500, 9500, 4005][index],
      })),
    )
  })

  it('gives a new size a key of its own when a kept size already holds "<size>gb"', () => {
    const docs = DOCUMENTS.map((doc) =>
      doc._id === 'model-iphone-13' ? { ...doc, variants: renameKey(doc.variants, 128, '256gb') } : doc,
    )
    const from = readPriceCatalogue(docs)
    const result = importPriceRows(parseCsv(csv(...iphone13('128'), ...iphone13('256'))), from)
    if (!result.ok) throw new Error(result.errors.join('\n'))
    expect(applyPriceTable(from, result.table)[0]?.variants.map((variant) => variant._key)).toEqual([
      '256gb',
      '256gb-2',
    ])
  })

  it('never writes a draft: it matches the published model and leaves the draft line as it was', () => {
    const changes = applyPriceTable(catalogue, tableOf(csv(...fourGrades('Apple,iPhone 15,iphone-15,128'))).table)
    expect(changes.map((change) => change.id)).toEqual(['model-iphone-15'])
    const draft = (text: string) => text.split('\n').find((line) => line.includes('"_id":"drafts.model-iphone-15"'))
    expect(draft(rewriteSeedLines(SEED, changes))).toBe(draft(SEED))
  })
})

describe('refusing a spreadsheet', () => {
  it('names every missing column in one error', () => {
    expect(errorsOf('make,model,price_gbp\nApple,iPhone 13,140.00')).toEqual([
      `Row 1, the header, has no storage_gb, grade column: the header should be ${HEADER}.`,
    ])
    expect(errorsOf('storage_gb,grade,price_gbp\n128,Good,140.00')[0]).toContain('has no model_slug (or model) column')
    expect(errorsOf('model,storage_gb,grade\niPhone 13,128,Good')[0]).toContain('has no price_gbp column')
  })

  it('refuses two price columns rather than guess', () => {
    expect(errorsOf('model,storage_gb,grade,old price,new price\niPhone 13,128,Good,1,2')).toEqual([
      'Row 1, the header, has more than one price column ("old price", "new price"): keep only the one to import.',
    ])
  })

  it('refuses an unknown model, by slug or by name, and a row with no model', () => {
    const rows = iphone13()
    expect(errorsOf(csv(...rows, ...fourGrades('Apple,iPhone 13,iphone-99,128')))).toContain(
      'Row 6: unknown model_slug "iphone-99".',
    )
    expect(errorsOf(csv(...rows, ...fourGrades('Apple,iPhone 99,,128')))).toContain('Row 6: unknown model "iPhone 99".')
    expect(errorsOf(csv(...rows, ...fourGrades('Apple,,,128')))).toContain(
      'Row 6: no model: model_slug and model are both empty.',
    )
  })

  it('asks for model_slug when two models share the name', () => {
    const twins = readPriceCatalogue([
      ...DOCUMENTS,
      model('iphone-13-cn', 'iPhone 13', 'apple', 30, [[128, [1, 1, 1, 1]]]),
    ])
    expect(errorsOf(csv(...iphone13().map((row) => row.replace('iphone-13', ''))), twins)[0]).toBe(
      'Row 2: more than one model is called "iPhone 13": fill in model_slug.',
    )
  })

  it('refuses storage that is not a positive whole number of GB', () => {
    for (const storage of ['128GB', '0', '-128', '12.5', '', '1TB', '99999']) {
      expect(errorsOf(csv(...iphone13(storage)))).toContain(
        `Row 2: storage_gb "${storage}" is not a whole number of GB (such as 128, or 1024 for 1TB).`,
      )
    }
  })

  it('refuses an unknown grade, listing the grades there are', () => {
    const rows = [...iphone13(), 'Apple,iPhone 13,iphone-13,128,Mint,150.00']
    expect(errorsOf(csv(...rows))).toEqual([
      'Row 6: unknown grade "Mint": the grades are Excellent, Good, Fair, Faulty.',
    ])
  })

  it('refuses a price that is not a positive amount of pounds and pence', () => {
    for (const price of ['0', '0.00', '-3', '12.345', 'abc']) {
      expect(errorsOf(csv(...iphone13('128', ['140.00', price, '95.00', '40.00'])))).toEqual([
        `Row 3: price "${price}" is not an amount of pounds and pence above zero, such as 152.00.`,
      ])
    }
    expect(errorsOf(csv(...iphone13('128', ['140.00', '', '95.00', '40.00'])))).toEqual(['Row 3: the price is empty.'])
  })

  it('refuses a row with more cells than the header, as when a comma in a price lost its quotes', () => {
    expect(errorsOf(csv(...iphone13('128', ['140.00', '£1,250.00', '95.00', '40.00'])))).toEqual([
      'Row 3: there are more cells than the header has columns: put quotes round a value that holds a comma.',
    ])
  })

  it('refuses a price past the most the Studio allows, such as pence typed as pounds', () => {
    expect(errorsOf(csv(...iphone13('128', ['14000', '125.00', '95.00', '40.00'])))).toEqual([
      'Row 2: price "14000" is over £5000.00, the most a price may be.',
    ])
  })

  it('refuses a duplicated model, storage and grade, naming both rows', () => {
    expect(errorsOf(csv(...iphone13(), 'Apple,iPhone 13,iphone-13,128,good,130.00'))).toEqual([
      'Row 6: iPhone 13 (iphone-13) 128 GB Good is already on row 3.',
    ])
  })

  it('refuses a model and storage that lack a row for a grade', () => {
    const rows = iphone13().filter((row) => !row.includes(',fair,'))
    expect(errorsOf(csv(...rows, ...iphone13('256').slice(0, 1)))).toEqual([
      'iPhone 13 (iphone-13) 128 GB has no row for grade "Fair".',
      'iPhone 13 (iphone-13) 256 GB has no row for grade "Good".',
      'iPhone 13 (iphone-13) 256 GB has no row for grade "Fair".',
      'iPhone 13 (iphone-13) 256 GB has no row for grade "Faulty".',
    ])
  })

  it('collects every problem, numbered by spreadsheet row, blank rows included', () => {
    const rows = iphone13('128', ['140.00', '£', '95.00', '40.00'])
    const text = csv(rows[0] ?? '', '', rows[1] ?? '', rows[2] ?? '', rows[3] ?? '', 'Apple,iPhone 12,,64,good,10.00')
    expect(errorsOf(text)).toEqual([
      'Row 4: price "£" is not an amount of pounds and pence above zero, such as 152.00.',
      'Row 7: unknown model "iPhone 12".',
    ])
  })

  it('refuses a file with a header and nothing under it', () => {
    expect(errorsOf(`${HEADER}\r\n\r\n`)).toEqual(['The file has no price rows under its header.'])
  })
})

function slug(name: string): string {
  return name.toLowerCase().replaceAll(' ', '-')
}

function dropPrice(doc: ContentDocument, gradeId: string): ContentDocument {
  const variants = doc.variants as Array<{ prices: Array<{ grade: { _ref: string } }> }>
  return {
    ...doc,
    variants: variants.map((variant) => ({
      ...variant,
      prices: variant.prices.filter((price) => price.grade._ref !== gradeId),
    })),
  }
}

function renameKey(variants: unknown, storageGb: number, key: string): unknown {
  return (variants as Array<{ storageGb: number }>).map((variant) =>
    variant.storageGb === storageGb ? { ...variant, _key: key } : variant,
  )
}
