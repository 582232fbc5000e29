/**
 * Text messages waiting to go (web/sms/), written in the same transaction as the change they tell
 * of and sent by the minute job after it commits, each at most once (claimed before it is sent).
 * The number is not kept here: it is read from the order as the text is sent.
 */
import { integer, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns'
import { sellerOrder } from './orders'

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    // What it tells of ("parcelAstray"): one of each kind for an order.
    kind: text('kind').notNull(),
    // The E-mails document's words, with the order's reference written in.
    body: text('body').notNull(),
    // "pending"; "sending" (claimed: never sent again); "sent"; "unconfirmed" (no answer: it may
    // have gone, so it is not sent again); "failed" (refused, no number left, or out of tries).
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    // The failure's kind only: never the number or the words.
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    // The provider's id for the text it sent.
    providerId: text('provider_id'),
  },
  (table) => [
    index('sms_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('sms_outbox_order_idx').on(table.orderId, table.kind),
  ],
)

export type SmsOutboxRow = typeof smsOutbox.$inferSelect
