/**
 * The seller's parcel to us: the carrier's tracked returns label made for an order (web/carrier/),
 * and the tracking events the carrier gave for it, each once.
 */
import { sql } from 'drizzle-orm'
import { bigserial, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { sellerOrder } from './orders'

/** One label; at most one is not cancelled per order (a second label cancels the first). */
export const orderParcel = pgTable(
  'order_parcel',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    // The carrier's number (UPU S10, "RT12345678 9GB"): the label's PDF is asked of the carrier by it.
    trackingNumber: text('tracking_number').notNull().unique(),
    // What the carrier insures the parcel for: the order's value, up to the carrier's limit.
    insuredPence: integer('insured_pence').notNull(),
    madeAt: at('made_at').notNull().defaultNow(),
    cancelledAt: at('cancelled_at'),
    // When the job last asked the carrier for its events, and the newest event's time and code.
    polledAt: at('polled_at'),
    lastEventAt: at('last_event_at'),
    lastEventCode: text('last_event_code'),
    // The London day the carrier expects to deliver it (or delivered it): goods-in plans by it.
    expectedOn: date('expected_on', { mode: 'string' }),
    // When the minute job found it astray (no scan for the days the Orders document sets) and told
    // the seller: set once, where null, so the seller is told once.
    astrayAt: at('astray_at'),
  },
  (table) => [
    uniqueIndex('order_parcel_open_idx')
      .on(table.orderId)
      .where(sql`${table.cancelledAt} is null`),
    // The tracking job: parcels still on their way, longest unasked first.
    index('order_parcel_follow_idx')
      .on(table.polledAt)
      .where(sql`${table.cancelledAt} is null`),
    // Goods-in's parcels astray.
    index('order_parcel_astray_idx')
      .on(table.astrayAt)
      .where(sql`${table.cancelledAt} is null and ${table.astrayAt} is not null`),
    // Goods-in's parcels expected today and tomorrow.
    index('order_parcel_expected_idx')
      .on(table.expectedOn)
      .where(sql`${table.cancelledAt} is null`),
  ],
)

/** A tracking event, as the carrier scanned it: its code and time. Where it was scanned is not kept. */
export const parcelEvent = pgTable(
  'parcel_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => orderParcel.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    at: at('at').notNull(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  // Each event once, however often the carrier repeats it.
  (table) => [uniqueIndex('parcel_event_once_idx').on(table.parcelId, table.code, table.at)],
)

export type OrderParcelRow = typeof orderParcel.$inferSelect
