import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at } from './columns'
import { paymentRun, sellerOrder } from './orders'

/** A payment run's lines and the downloads of its bank file. */
/** One payment in a run: the order, the amount as it was when the run was made, and what the bank did. */
export const paymentRunLine = pgTable(
  'payment_run_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => paymentRun.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    // "pending" until marked "paid" or "failed".
    state: text('state').notNull().default('pending'),
    failureReason: text('failure_reason'),
    settledAt: at('settled_at'),
  },
  (table) => [
    unique('payment_run_line_order_unique').on(table.runId, table.orderId),
    index('payment_run_line_order_idx').on(table.orderId),
    check('payment_run_line_state_known', sql`${table.state} in ('pending', 'paid', 'failed')`),
    check('payment_run_line_amount_positive', sql`${table.amountPence} > 0`),
  ],
)

/** Each download of a run's bank file: who and when. Append-only. */
export const paymentRunDownload = pgTable(
  'payment_run_download',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => paymentRun.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('payment_run_download_run_idx').on(table.runId, table.id)],
)

export type PaymentRunLineRow = typeof paymentRunLine.$inferSelect
