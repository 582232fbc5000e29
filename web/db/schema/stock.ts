/**
 * Stock: every device the business bought (from its order) or collected (from a business
 * collection), from where it came to where it went. A device enters when
 * its order is paid (the intake job), gets a stock number and, once shelved, a location; its moves
 * are events that are never changed (a trigger refuses it, migration 0029); its erasures are records
 * of their own, also never changed, and only a passed one lets it leave (docs/stock.md).
 */
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { collectionDevice } from './collections'
import { at, createdAt } from './columns'
import { orderItem } from './order-items'

/** Where a device is: in stock (on a shelf or not yet), listed for sale, or gone, and how. */
export const STOCK_STATES = ['in-stock', 'listed', 'sold', 'refurbisher', 'recycled'] as const
/** What happened to a device, one event each. */
export const STOCK_ACTIONS = ['intake', 'locate', 'list', 'unlist', 'sell', 'refurbish', 'recycle'] as const
/** How an erasure was recorded: typed by staff from the tool's screen, or read from its report. */
export const ERASURE_SOURCES = ['manual', 'report'] as const

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** A bought device: its stock number, its order's device, where it is now. */
export const stockDevice = pgTable(
  'stock_device',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Shown as S-000001: given in order of intake, never reused.
    stockNumber: bigserial('stock_number', { mode: 'number' }).notNull(),
    // Where it came from, exactly one of the two (a check says so): the order's device it was
    // (make, model, IMEI and the price paid are read there, stored once), or the business
    // collection's device (make, model and IMEI there; nothing was paid).
    orderItemId: uuid('order_item_id').references(() => orderItem.id, { onDelete: 'restrict' }),
    collectionDeviceId: uuid('collection_device_id').references(() => collectionDevice.id, { onDelete: 'restrict' }),
    state: text('state').notNull().default('in-stock'),
    // A shelf or bin as the warehouse names it; null until it is shelved.
    location: text('location'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stock_device_number_idx').on(table.stockNumber),
    // One stock record a device of an order: the intake job can run twice and add nothing.
    uniqueIndex('stock_device_item_idx').on(table.orderItemId),
    uniqueIndex('stock_device_collection_idx').on(table.collectionDeviceId),
    check('stock_device_one_source', sql`(${table.orderItemId} is null) <> (${table.collectionDeviceId} is null)`),
    index('stock_device_state_idx').on(table.state, table.stockNumber),
    check('stock_device_state_known', sql`${table.state} in (${list(STOCK_STATES)})`),
  ],
)

/** A device's history: append-only, one row per move, with who, when and the facts of the move. */
export const stockEvent = pgTable(
  'stock_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => stockDevice.id, { onDelete: 'restrict' }),
    at: createdAt(),
    action: text('action').notNull(),
    // "staff", "manager" or "system"; the staff member's name as it was when they acted.
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    location: text('location'),
    // Sold: to whom and for how much; sent to a refurbisher or recycled: which, and the waste
    // transfer note's number for a recycling.
    counterparty: text('counterparty'),
    pricePence: integer('price_pence'),
    wasteNote: text('waste_note'),
    note: text('note'),
  },
  (table) => [
    index('stock_event_device_idx').on(table.deviceId, table.id),
    check('stock_event_action_known', sql`${table.action} in (${list(STOCK_ACTIONS)})`),
    check('stock_event_price_not_negative', sql`${table.pricePence} >= 0`),
  ],
)

/** One erasure of a device, as its tool reported it: never changed, a later one recorded beside it. */
export const deviceErasure = pgTable(
  'device_erasure',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => stockDevice.id, { onDelete: 'restrict' }),
    source: text('source').notNull(),
    // The tool's own id for its report; one record a report.
    reportId: text('report_id').notNull(),
    tool: text('tool').notNull(),
    toolVersion: text('tool_version').notNull(),
    // Who ran the erasure, as the tool names them.
    operator: text('operator').notNull(),
    erasedAt: at('erased_at').notNull(),
    mediaType: text('media_type').notNull(),
    // NIST SP 800-88: clear, purge or destroy.
    level: text('level').notNull(),
    technique: text('technique').notNull(),
    verification: text('verification').notNull(),
    result: text('result').notNull(),
    // SHA-256 of the report as received; null when typed by hand.
    reportSha256: text('report_sha256'),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name'),
    recordedAt: createdAt(),
    // The certificate's number, printed on it and typed at its verification address: random (so
    // one cannot be guessed from another), 12 hexadecimal digits, given when the record is written.
    certificateCode: text('certificate_code').notNull(),
  },
  (table) => [
    index('device_erasure_device_idx').on(table.deviceId, table.erasedAt),
    uniqueIndex('device_erasure_certificate_idx').on(table.certificateCode),
    uniqueIndex('device_erasure_report_idx').on(table.tool, table.reportId),
    check('device_erasure_source_known', sql`${table.source} in (${list(ERASURE_SOURCES)})`),
    check('device_erasure_level_known', sql`${table.level} in ('clear', 'purge', 'destroy')`),
    check('device_erasure_result_known', sql`${table.result} in ('passed', 'failed')`),
  ],
)

export type StockDeviceRow = typeof stockDevice.$inferSelect
export type StockEventRow = typeof stockEvent.$inferSelect
export type DeviceErasureRow = typeof deviceErasure.$inferSelect

/** The records the law asks for, and who took a copy: a police purchase register or the stock book. */
export const RECORD_EXPORT_KINDS = ['purchase-register', 'stock-book'] as const

/**
 * One export of the records: who made it, when, what it covered and why (the police reference), and
 * how many rows it held. Never changed (migration 0032): the register names sellers, so each copy
 * taken of it is itself a record.
 */
export const recordExport = pgTable(
  'record_export',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    madeAt: at('made_at').notNull().defaultNow(),
    madeBy: text('made_by').references(() => user.id, { onDelete: 'set null' }),
    madeByName: text('made_by_name').notNull(),
    // London days, both included; null when the export was for one device over all time.
    fromDay: text('from_day'),
    toDay: text('to_day'),
    deviceCode: text('device_code'),
    reason: text('reason'),
    rowCount: integer('row_count').notNull(),
  },
  (table) => [
    index('record_export_made_idx').on(table.madeAt),
    check('record_export_kind_known', sql`${table.kind} in (${list(RECORD_EXPORT_KINDS)})`),
  ],
)

export type RecordExportRow = typeof recordExport.$inferSelect
