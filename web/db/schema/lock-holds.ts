/**
 * Activation-lock holds: a received order held because a device is still locked to an Apple or
 * Google account, from staff's hold to its end (released, held again, or sent back at the deadline).
 */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at } from './columns'
import { sellerOrder } from './orders'

/** How a hold ended: staff released it, staff held the order again, or the deadline sent the device back. */
export const LOCK_HOLD_ENDS = ['released', 'held-again', 'returned', 'moved'] as const

/** One hold of one order; at most one is open (not ended) per order. */
export const orderLockHold = pgTable(
  'order_lock_hold',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    // The order's devices that are locked (order_item ids).
    itemIds: uuid('item_ids').array().notNull(),
    heldAt: at('held_at').notNull().defaultNow(),
    heldBy: text('held_by').references(() => user.id, { onDelete: 'set null' }),
    // Working days from the hold, as the Orders document's timings said then; the reminder a working day before.
    deadline: at('deadline').notNull(),
    remindAt: at('remind_at').notNull(),
    remindedAt: at('reminded_at'),
    // When the seller pressed "I've removed the lock": once per hold.
    removedAt: at('removed_at'),
    endedAt: at('ended_at'),
    endedHow: text('ended_how'),
    endedBy: text('ended_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('order_lock_hold_open_idx')
      .on(table.orderId)
      .where(sql`${table.endedAt} is null`),
    // The minute job: open holds by their deadline.
    index('order_lock_hold_due_idx')
      .on(table.deadline)
      .where(sql`${table.endedAt} is null`),
    check(
      'order_lock_hold_end_known',
      sql`${table.endedHow} is null or ${table.endedHow} in (${sql.raw(LOCK_HOLD_ENDS.map((end) => `'${end}'`).join(', '))})`,
    ),
  ],
)

export type OrderLockHoldRow = typeof orderLockHold.$inferSelect
