/**
 * Goods-in's tables: a scanning session, every code scanned in it and what it did, and the parcels
 * whose code matched no order, kept until staff join one to its order or send it back.
 */
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at, bytea, createdAt } from './columns'
import { sellerOrder } from './orders'

/** What a scan did: took the order in, found it taken in already, or queued the parcel as unmatched. */
export const SCAN_RESULTS = ['received', 'already', 'unmatched'] as const
/** An unmatched parcel waits (open) until it is joined to its order or returned to its sender. */
export const PARCEL_STATES = ['open', 'joined', 'returned'] as const

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** One member of staff's run of scans at the goods-in bench. */
export const goodsInSession = pgTable(
  'goods_in_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: text('staff_user_id').references(() => user.id, { onDelete: 'set null' }),
    startedAt: createdAt(),
  },
  (table) => [index('goods_in_session_staff_idx').on(table.staffUserId, table.startedAt)],
)

/** A parcel whose code matched no order: what was scanned, a note and a photo, until it is closed. */
export const unmatchedParcel = pgTable(
  'unmatched_parcel',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // As scanned (trimmed, bounded), and compared upper-cased without spaces: one open parcel a code.
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    state: text('state').notNull().default('open'),
    note: text('note'),
    photo: bytea('photo'),
    photoType: text('photo_type'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    // Names as they were when they acted, as order events keep them.
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    closedBy: text('closed_by').references(() => user.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    closedAt: at('closed_at'),
    closedNote: text('closed_note'),
    orderId: uuid('order_id').references(() => sellerOrder.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('unmatched_parcel_state_check', sql`${table.state} in (${list(PARCEL_STATES)})`),
    uniqueIndex('unmatched_parcel_open_code_idx')
      .on(table.codeKey)
      .where(sql`${table.state} = 'open'`),
    index('unmatched_parcel_state_idx').on(table.state, table.createdAt),
  ],
)

/** Every code scanned at goods-in, in its session, with what it did. */
export const goodsInScan = pgTable(
  'goods_in_scan',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => goodsInSession.id, { onDelete: 'cascade' }),
    // The form's own key: a double post of one form is one scan.
    scanKey: uuid('scan_key').notNull(),
    staffUserId: text('staff_user_id').references(() => user.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    result: text('result').notNull(),
    orderId: uuid('order_id').references(() => sellerOrder.id, { onDelete: 'set null' }),
    parcelId: uuid('parcel_id').references(() => unmatchedParcel.id, { onDelete: 'set null' }),
    // What the scan told staff of an order taken in: when and by whom (a repeat scan says so).
    receivedAt: at('received_at'),
    receivedBy: text('received_by'),
    at: createdAt(),
  },
  (table) => [
    check('goods_in_scan_result_check', sql`${table.result} in (${list(SCAN_RESULTS)})`),
    uniqueIndex('goods_in_scan_key_idx').on(table.sessionId, table.scanKey),
    index('goods_in_scan_session_idx').on(table.sessionId, table.id),
  ],
)

/** An unmatched parcel's history: queued, noted, joined to an order or returned; who, when, why. */
export const unmatchedParcelEvent = pgTable(
  'unmatched_parcel_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => unmatchedParcel.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    note: text('note'),
    at: createdAt(),
  },
  (table) => [index('unmatched_parcel_event_parcel_idx').on(table.parcelId, table.id)],
)

export type GoodsInScanRow = typeof goodsInScan.$inferSelect
export type UnmatchedParcelRow = typeof unmatchedParcel.$inferSelect
