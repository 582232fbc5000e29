/**
 * The records the law asks a buyer of second-hand goods for, read from the stock ledger and its
 * orders: the purchase register the police ask about (who sold a device, where they live, when and
 * for how much) and the VAT margin scheme stock book the accountant keeps (each device bought and
 * sold, and the margin between). The register says whether the seller's proof of identity was
 * asked and seen (which document, when, by whom: the history's name, kept when the account goes). Each export is recorded in the same transaction as its reading.
 */
import 'server-only'
import { desc, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { recordExport, type RecordExportRow } from '@/db/schema'
import { addLondonDays, startOfLondonDay } from '@/orders/record/working-days'
import { IDENTITY_EVENTS } from '@/orders/identity/identity-actions'
import { movedTo, rowsOf, stamp, type Row } from '@/orders/queue/figures-sql'
import type { RecordsRequest } from './records-input'

type Reader = Pick<Db, 'execute'>

/** One device bought, as the police register shows it. The seller is null once retention removed them. */
export type RegisterRow = {
  stockNumber: number
  boughtAt: Date
  orderReference: string
  sellerName: string | null
  sellerAddress: string | null
  device: string
  imei: string | null
  pricePaidPence: number
  /** Whether proof of identity was asked of the seller, and, when staff saw it, which document, when and who. */
  identity: { asked: boolean; seen: { documentType: string; at: Date; by: string | null } | null }
}

/** One device in the margin scheme stock book: bought, and sold (or sent for a price) when it was. */
export type StockBookRow = {
  stockNumber: number
  boughtAt: Date
  pricePaidPence: number
  sellerName: string | null
  device: string
  grade: string
  imei: string | null
  soldAt: Date | null
  soldPence: number | null
  buyer: string | null
  /** What it sold for less what it cost, in pence; null while unsold. */
  marginPence: number | null
}

// Each device with the moment its order was paid (the purchase), what was paid for it, and its
// sale: the latest "sell", or "refurbish" with a price (sent to a refurbisher who paid for it).
const ledger = sql`select d.stock_number, d.created_at as taken_in_at, i.device, i.imei,
    coalesce(i.found_grade_name, i.grade_name) as grade,
    coalesce(case when i.offer_answer = 'accept' then i.revised_price_pence end, i.price_pence) as paid_pence,
    o.reference, o.name, o.address_line1, o.address_line2, o.town, o.postcode,
    coalesce((select max(e.at) from order_event e where e.order_id = o.id and ${movedTo('paid')}),
      d.created_at) as bought_at,
    s.at as sold_at, s.price_pence as sold_pence, s.counterparty as buyer,
    c.id is not null as identity_asked, c.outcome = 'seen' as identity_seen, c.document_type as identity_document,
    c.verified_at as identity_seen_at,
    (select e.actor_name from order_event e where e.order_id = o.id and e.action = ${IDENTITY_EVENTS.seen}
      order by e.id desc limit 1) as identity_seen_by
  from stock_device d
  join order_item i on i.id = d.order_item_id
  join seller_order o on o.id = i.order_id
  left join lateral (select v.created_at as at, v.price_pence, v.counterparty from stock_event v
    where v.device_id = d.id and (v.action = 'sell' or (v.action = 'refurbish' and v.price_pence is not null))
    order by v.id desc limit 1) s on true
  left join order_identity_check c on c.order_id = o.id`

const date = (value: unknown) => new Date(value as string | Date)
const orNull = (value: unknown) => (value === null || value === undefined ? null : String(value))

function addressOf(row: Row): string | null {
  const lines = [row.address_line1, row.address_line2, row.town, row.postcode].map(orNull).filter(Boolean)
  return lines.length ? lines.join(', ') : null
}

/** The London days [from, to], both included, as the instants they start and end. */
function window(from: string, to: string) {
  return { start: stamp(startOfLondonDay(from)), end: stamp(startOfLondonDay(addLondonDays(to, 1))) }
}

/** The devices bought between two London days, or every one with an IMEI or serial, oldest first. */
export async function purchaseRegister(db: Reader, request: RecordsRequest): Promise<RegisterRow[]> {
  const conditions = []
  if (request.from && request.to) {
    const { start, end } = window(request.from, request.to)
    conditions.push(sql`bought_at >= ${start} and bought_at < ${end}`)
  }
  if (request.deviceCode) conditions.push(sql`imei = ${request.deviceCode}`)
  const rows = await rowsOf(
    db,
    sql`select * from (${ledger}) bought where ${sql.join(conditions, sql` and `)} order by bought_at, stock_number`,
  )
  return rows.map((row) => ({
    stockNumber: Number(row.stock_number),
    boughtAt: date(row.bought_at),
    orderReference: String(row.reference),
    sellerName: orNull(row.name),
    sellerAddress: addressOf(row),
    device: String(row.device),
    imei: orNull(row.imei),
    pricePaidPence: Number(row.paid_pence),
    identity: {
      asked: row.identity_asked === true,
      seen:
        row.identity_seen === true
          ? {
              documentType: String(row.identity_document),
              at: date(row.identity_seen_at),
              by: orNull(row.identity_seen_by),
            }
          : null,
    },
  }))
}

/** Every device bought, or sold, between two London days: the margin scheme's stock book. */
export async function stockBook(db: Reader, from: string, to: string): Promise<StockBookRow[]> {
  const { start, end } = window(from, to)
  const rows = await rowsOf(
    db,
    sql`select * from (${ledger}) bought
      where (bought_at >= ${start} and bought_at < ${end}) or (sold_at >= ${start} and sold_at < ${end})
      order by stock_number`,
  )
  return rows.map((row) => {
    const paid = Number(row.paid_pence)
    const sold = row.sold_pence === null || row.sold_pence === undefined ? null : Number(row.sold_pence)
    return {
      stockNumber: Number(row.stock_number),
      boughtAt: date(row.bought_at),
      pricePaidPence: paid,
      sellerName: orNull(row.name),
      device: String(row.device),
      grade: String(row.grade),
      imei: orNull(row.imei),
      soldAt: row.sold_at ? date(row.sold_at) : null,
      soldPence: sold,
      buyer: orNull(row.buyer),
      marginPence: sold === null ? null : sold - paid,
    }
  })
}

type Maker = { userId: string; name: string }

/**
 * Reads the records asked for and writes who took them, in one transaction: an export that could
 * not be recorded is not given. Answers the rows, for the CSV.
 */
export async function exportRecords(
  db: Db,
  request: RecordsRequest,
  maker: Maker,
): Promise<{ kind: 'purchase-register'; rows: RegisterRow[] } | { kind: 'stock-book'; rows: StockBookRow[] }> {
  return db.transaction(async (tx) => {
    const result =
      request.kind === 'purchase-register'
        ? { kind: request.kind, rows: await purchaseRegister(tx, request) }
        : { kind: request.kind, rows: await stockBook(tx, request.from!, request.to!) }
    await tx.insert(recordExport).values({
      kind: request.kind,
      madeBy: maker.userId,
      madeByName: maker.name,
      fromDay: request.from,
      toDay: request.to,
      deviceCode: request.deviceCode,
      reason: request.reason,
      rowCount: result.rows.length,
    })
    return result
  })
}

/** The latest exports, newest first, for the records page. */
export async function recentExports(db: Db, limit = 20): Promise<RecordExportRow[]> {
  return db.select().from(recordExport).orderBy(desc(recordExport.madeAt)).limit(limit)
}
