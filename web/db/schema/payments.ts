import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at, createdAt } from './columns'
import { sellerOrder } from './orders'

/**
 * Payments sent through a payer's API (web/orders/payments/): one row per attempt, its key the same
 * on every retry, and the webhook events already applied; the daily limit and a manager's approvals.
 */
export const payment = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    // 1 for the first payment of an order; a deliberate second attempt (new details) is 2, and so on.
    attempt: integer('attempt').notNull(),
    // Sent with every retry of this attempt: the payer answers a key it has seen with the first payment.
    idempotencyKey: text('idempotency_key').notNull(),
    payer: text('payer').notNull(),
    amountPence: integer('amount_pence').notNull(),
    reference: text('reference').notNull(),
    // The London day whose cut-off sent it: the daily limit and the dashboard count by it.
    day: text('day').notNull(),
    // "sending" until the payer has it (unknown if the site stopped mid-send), "accepted" until its
    // final status: "settled", "rejected", or "returned" (after it had settled).
    state: text('state').notNull().default('sending'),
    payerPaymentId: text('payer_payment_id'),
    reason: text('reason'),
    createdAt: createdAt(),
    acceptedAt: at('accepted_at'),
    finishedAt: at('finished_at'),
    // When the job last asked the payer about it (a resend with its key, or a read by id).
    askedAt: at('asked_at'),
  },
  (table) => [
    unique('payment_order_attempt_unique').on(table.orderId, table.attempt),
    unique('payment_idempotency_key_unique').on(table.idempotencyKey),
    unique('payment_payer_id_unique').on(table.payer, table.payerPaymentId),
    index('payment_state_idx').on(table.state, table.askedAt),
    index('payment_day_idx').on(table.day),
    check('payment_state_known', sql`${table.state} in ('sending', 'accepted', 'settled', 'rejected', 'returned')`),
    check('payment_amount_positive', sql`${table.amountPence} > 0`),
  ],
)

/** Webhook events already applied, by the payer's event id: a duplicate changes nothing. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    payer: text('payer').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: createdAt(),
  },
  (table) => [primaryKey({ name: 'payment_event_pk', columns: [table.payer, table.eventId] })],
)

/** The most the job pays on its own in one day, as a manager set it (one row; none: nothing is paid on its own). */
export const payoutLimit = pgTable('payout_limit', {
  id: text('id').primaryKey().default('payouts'),
  dailyPence: integer('daily_pence').notNull(),
  setBy: text('set_by').references(() => user.id, { onDelete: 'set null' }),
  setByName: text('set_by_name'),
  setAt: at('set_at').notNull().defaultNow(),
})

/** A manager's approval of what waited above a day's limit: that day's limit grows by the amount. */
export const payoutApproval = pgTable(
  'payout_approval',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: text('day').notNull(),
    amountPence: integer('amount_pence').notNull(),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    at: createdAt(),
  },
  (table) => [index('payout_approval_day_idx').on(table.day)],
)

export type PaymentRow = typeof payment.$inferSelect
