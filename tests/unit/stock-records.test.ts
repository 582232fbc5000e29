import { parseCsv, fromSpreadsheetText } from '@/lib/csv'
import type { OrderCopy } from '@/content/types'
import { identityDocuments, registerCsv, stockBookCsv } from '@/stock/records-csv'
import { readRecordsForm, REASON_MAX } from '@/stock/records-input'
import { seedDocs } from '../support/seed-content'

/** The records form as the route reads it, and the two CSV files as a spreadsheet reads them. */
const copy = seedDocs('orderCopy')[0] as unknown as OrderCopy
const words = copy.records
const documents = identityDocuments(copy.identity)

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('the records form', () => {
  const register = { kind: 'purchase-register', reason: 'PC Jones 42/1234' }
  it('takes two days, or a device alone for the register, and keeps the device normalised', () => {
    expect(readRecordsForm(form({ ...register, from: '2026-07-01', to: '2026-07-31' }))).toEqual({
      request: {
        kind: 'purchase-register',
        from: '2026-07-01',
        to: '2026-07-31',
        deviceCode: null,
        reason: 'PC Jones 42/1234',
      },
    })
    expect(readRecordsForm(form({ ...register, device: '35-693803 564380 9' }))).toEqual({
      request: {
        kind: 'purchase-register',
        from: null,
        to: null,
        deviceCode: '356938035643809',
        reason: 'PC Jones 42/1234',
      },
    })
    expect(
      readRecordsForm(form({ kind: 'stock-book', from: '2026-07-01', to: '2026-09-30', reason: 'ignored' })),
    ).toEqual({
      request: { kind: 'stock-book', from: '2026-07-01', to: '2026-09-30', deviceCode: null, reason: null },
    })
  })

  it.each([
    [{ kind: 'police' }, 'kindUnknown'],
    [{ ...register }, 'datesMissing'],
    [{ ...register, from: '2026-07-01' }, 'datesMissing'],
    [{ kind: 'stock-book', device: '356938035643809' }, 'datesMissing'],
    [{ ...register, device: '356938035643809', to: '2026-07-01' }, 'datesMissing'],
    [{ ...register, from: '2026-02-30', to: '2026-03-01' }, 'dateInvalid'],
    [{ ...register, from: '1/7/2026', to: '2026-07-31' }, 'dateInvalid'],
    [{ ...register, from: '2026-08-01', to: '2026-07-31' }, 'datesOrder'],
    [{ ...register, device: '356938035643808' }, 'deviceInvalid'],
    [{ kind: 'purchase-register', device: '356938035643809' }, 'reasonMissing'],
    [{ ...register, device: '356938035643809', reason: 'x'.repeat(REASON_MAX + 1) }, 'reasonTooLong'],
  ])('refuses %j as %s', (fields, problem) => {
    expect(readRecordsForm(form(fields as Record<string, string>))).toEqual({ problem })
  })
})

describe('the CSV files', () => {
  it('the register names the seller, their address and the device, and says no identity was asked', () => {
    const [header, row] = parseCsv(
      registerCsv(
        [
          {
            stockNumber: 42,
            boughtAt: new Date('2026-07-01T23:30:00Z'),
            orderReference: 'HB-7K4M-Q2XP',
            sellerName: '=HYPERLINK("x")',
            sellerAddress: '1 High Street, Leeds, LS1 1AA',
            device: 'Apple iPhone 13 128GB',
            imei: '356938035643809',
            pricePaidPence: 16_005,
            identity: { asked: false, seen: null },
          },
        ],
        words,
        documents,
      ).replace(/^\uFEFF/, ''),
    )
    expect(header).toEqual([
      words.csvStockNumber,
      words.csvBoughtAt,
      words.csvOrder,
      words.csvSeller,
      words.csvAddress,
      words.csvIdentity,
      words.csvDevice,
      words.csvImei,
      words.csvPricePaid,
    ])
    // Bought at 00:30 in London (BST): that day. A name a spreadsheet would run is kept as text.
    expect(row).toEqual([
      'S-000042',
      '2026-07-02',
      'HB-7K4M-Q2XP',
      `'=HYPERLINK("x")`,
      '1 High Street, Leeds, LS1 1AA',
      words.identityNotAsked,
      'Apple iPhone 13 128GB',
      '356938035643809',
      '160.05',
    ])
    expect(fromSpreadsheetText(row![3]!)).toBe('=HYPERLINK("x")')
  })

  it('the register says which document was seen, the day and by whom; or that it was asked and not seen', () => {
    const base = {
      stockNumber: 7,
      boughtAt: new Date('2026-11-20T12:00:00Z'),
      orderReference: 'HB-7K4M-Q2XP',
      sellerName: 'Sam Seller',
      sellerAddress: '1 High Street, Leeds, LS1 1AA',
      device: 'Apple iPhone 13 128GB',
      imei: null,
      pricePaidPence: 120_000,
    }
    const cells = parseCsv(
      registerCsv(
        [
          {
            ...base,
            identity: {
              asked: true,
              seen: { documentType: 'driving-licence', at: new Date('2026-11-20T23:30:00Z'), by: 'Morgan Manager' },
            },
          },
          { ...base, identity: { asked: true, seen: null } },
        ],
        words,
        documents,
      ).replace(/^\uFEFF/, ''),
    ).slice(1)
    expect(cells.map((row) => row[5])).toEqual([
      'UK photocard driving licence, seen 2026-11-20 by Morgan Manager',
      words.identityNotSeen,
    ])
  })

  it('the stock book gives the margin in pounds and pence, a loss as a negative number, and nothing while unsold', () => {
    const base = {
      boughtAt: new Date('2026-07-01T09:00:00Z'),
      pricePaidPence: 16_000,
      sellerName: null,
      device: 'Apple iPhone 13 128GB',
      grade: 'Good',
      imei: '356938035643809',
    }
    const rows = parseCsv(
      stockBookCsv(
        [
          {
            ...base,
            stockNumber: 1,
            soldAt: new Date('2026-07-09T09:00:00Z'),
            soldPence: 21_499,
            buyer: 'Phone Resale Ltd',
            marginPence: 5_499,
          },
          {
            ...base,
            stockNumber: 2,
            soldAt: new Date('2026-07-09T09:00:00Z'),
            soldPence: 15_950,
            buyer: 'Phone Resale Ltd',
            marginPence: -50,
          },
          { ...base, stockNumber: 3, soldAt: null, soldPence: null, buyer: null, marginPence: null },
        ],
        words,
      ).replace(/^\uFEFF/, ''),
    )
    expect(rows[0]).toEqual([
      words.csvStockNumber,
      words.csvBoughtAt,
      words.csvPricePaid,
      words.csvSeller,
      words.csvDescription,
      words.csvSoldAt,
      words.csvSoldPrice,
      words.csvBuyer,
      words.csvMargin,
    ])
    expect(rows[1]).toEqual([
      'S-000001',
      '2026-07-01',
      '160.00',
      words.removed,
      'Apple iPhone 13 128GB, Good, IMEI or serial 356938035643809',
      '2026-07-09',
      '214.99',
      'Phone Resale Ltd',
      '54.99',
    ])
    expect(rows[2]!.at(-1)).toBe('-0.50')
    expect(rows[3]!.slice(5)).toEqual(['', '', '', ''])
  })
})
