import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { sellerOrder } from './orders'

/** The codes a seller is e-mailed to change an order's payout details. */
/**
 * A code e-mailed to an order's address to confirm a change of its bank details: only its keyed
 * hash is kept. It works once, until it expires, for a few tries; the newest one for the order is
 * the only one that counts.
 */
export const payoutChangeCode = pgTable(
  'payout_change_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
  },
  (table) => [index('payout_change_code_order_idx').on(table.orderId, table.createdAt)],
)
