import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns'
import { collectionRequest } from './collections'
import { contactMessage } from './contact'
import { sellerOrder } from './orders'

/** The e-mail outbox. */
/**
 * E-mails waiting to go, written in the same transaction as the change they tell of and sent
 * after it commits, with retries: a mail server that is down delays a message, never an order.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => sellerOrder.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    // "pending", "sent" or "failed" (gave up after the last retry).
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    // The error's kind only: never an address.
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    // Personal: a contact message's sender, so that the business's answer goes back to them.
    replyTo: text('reply_to'),
    // The one-click unsubscribe address of a subscription e-mail (List-Unsubscribe, RFC 8058).
    listUnsubscribe: text('list_unsubscribe'),
    // The contact message it forwards: deleted with it.
    contactMessageId: uuid('contact_message_id').references(() => contactMessage.id, { onDelete: 'cascade' }),
    // The business collection request it is about: deleted with it, and when its contact is removed.
    collectionRequestId: uuid('collection_request_id').references(() => collectionRequest.id, {
      onDelete: 'cascade',
    }),
  },
  (table) => [
    index('email_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('email_outbox_to_idx').on(sql`lower(${table.toAddress})`),
    // Deleting a request finds its e-mails by this, not by reading the whole outbox.
    index('email_outbox_collection_idx')
      .on(table.collectionRequestId)
      .where(sql`${table.collectionRequestId} is not null`),
  ],
)
