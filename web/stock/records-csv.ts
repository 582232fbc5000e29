/**
 * The records as CSV files a spreadsheet opens: the purchase register and the margin scheme stock
 * book, headed in the content's words, dates as London days, money in pounds and pence. Text a
 * spreadsheet would run as a formula is made plain; amounts are written as numbers. Pure.
 */
import type { OrderCopy } from '@/content/types'
import { asSpreadsheetText, formatCsv } from '@/lib/csv'
import { penceAsPounds } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { londonDay } from '@/orders/record/working-days'
import { formatStockNumber } from './stock-store'
import type { RegisterRow, StockBookRow } from './records'

type Words = OrderCopy['records']

/** The register's "identity seen": the document, the day and who saw it; asked and not seen; or not asked. */
function identityCell(identity: RegisterRow['identity'], words: Words, documents: Record<string, string>): string {
  if (identity.seen) {
    return fillTemplate(words.identitySeen, {
      document: documents[identity.seen.documentType] ?? identity.seen.documentType,
      at: londonDay(identity.seen.at),
      name: identity.seen.by ?? '',
    })
  }
  return identity.asked ? words.identityNotSeen : words.identityNotAsked
}

/** The document types in the Proof of identity tab's words, by the value stored. */
export const identityDocuments = (identity: OrderCopy['identity']): Record<string, string> => ({
  passport: identity.passport,
  'driving-licence': identity.drivingLicence,
  'identity-card': identity.identityCard,
})

/** A margin can be a loss: "-12.50", a number a spreadsheet adds up, never text. */
const signedPounds = (pence: number) => (pence < 0 ? `-${penceAsPounds(-pence)}` : penceAsPounds(pence))

const file = (rows: Array<Array<{ text: string } | { number: string }>>) =>
  '\uFEFF' +
  formatCsv(rows.map((row) => row.map((cell) => ('text' in cell ? asSpreadsheetText(cell.text) : cell.number))))

const text = (value: string) => ({ text: value })
const number = (value: string) => ({ number: value })

export function registerCsv(rows: RegisterRow[], words: Words, documents: Record<string, string>): string {
  const header = [
    words.csvStockNumber,
    words.csvBoughtAt,
    words.csvOrder,
    words.csvSeller,
    words.csvAddress,
    words.csvIdentity,
    words.csvDevice,
    words.csvImei,
    words.csvPricePaid,
  ].map(text)
  return file([
    header,
    ...rows.map((row) => [
      text(formatStockNumber(row.stockNumber)),
      text(londonDay(row.boughtAt)),
      text(row.orderReference),
      text(row.sellerName ?? words.removed),
      text(row.sellerAddress ?? words.removed),
      text(identityCell(row.identity, words, documents)),
      text(row.device),
      text(row.imei ?? ''),
      number(penceAsPounds(row.pricePaidPence)),
    ]),
  ])
}

export function stockBookCsv(rows: StockBookRow[], words: Words): string {
  const header = [
    words.csvStockNumber,
    words.csvBoughtAt,
    words.csvPricePaid,
    words.csvSeller,
    words.csvDescription,
    words.csvSoldAt,
    words.csvSoldPrice,
    words.csvBuyer,
    words.csvMargin,
  ].map(text)
  return file([
    header,
    ...rows.map((row) => [
      text(formatStockNumber(row.stockNumber)),
      text(londonDay(row.boughtAt)),
      number(penceAsPounds(row.pricePaidPence)),
      text(row.sellerName ?? words.removed),
      text(fillTemplate(words.description, { device: row.device, grade: row.grade, imei: row.imei ?? '' })),
      text(row.soldAt ? londonDay(row.soldAt) : ''),
      number(row.soldPence === null ? '' : penceAsPounds(row.soldPence)),
      text(row.buyer ?? ''),
      number(row.marginPence === null ? '' : signedPounds(row.marginPence)),
    ]),
  ])
}
