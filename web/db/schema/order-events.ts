import { sql } from 'drizzle-orm'
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at } from './columns'
import { sellerOrder } from './orders'

/** The order's history. */
/** The order's history: append-only, one row per thing that happened to it. */
export const orderEvent = pgTable(
  'order_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    // "seller", "staff", "manager" or "system".
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    // A staff member's name as it was when they acted, so the history still says who after their
    // account is gone. Never a seller's: for them it stays empty.
    actorName: text('actor_name'),
    // A move's name ("receive", "pay", …) or a record ("reveal-payout", "reminder").
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('order_event_order_idx').on(table.orderId, table.id),
    // The dashboard's counts: the moves into a status over a span of days.
    index('order_event_to_status_at_idx').on(table.toStatus, table.at),
    // One order's moves (records left out), read from the index alone: when it arrived, was accepted.
    index('order_event_moves_idx')
      .on(table.orderId, table.toStatus, table.at)
      .where(sql`${table.fromStatus} <> ${table.toStatus}`),
  ],
)

export type OrderEventRow = typeof orderEvent.$inferSelect
