import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at } from './columns'

/** Contact messages and their history. */
export const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

/** A message sent through the contact form, for staff to answer in /admin. */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Stored lower-cased, as every address is.
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    status: text('status').notNull().default('new'),
    receivedAt: at('received_at').notNull().defaultNow(),
    // When the status last changed: a closed message is deleted a period after it (see retention).
    statusChangedAt: at('status_changed_at').notNull().defaultNow(),
  },
  (table) => [
    index('contact_message_status_idx').on(table.status, table.receivedAt),
    index('contact_message_email_idx').on(table.email),
    // New messages waiting past the reply promise (the staff home's count), and closed ones past keeping.
    index('contact_message_waiting_idx').on(table.status, table.statusChangedAt),
    check('contact_message_status_known', sql`${table.status} in ('new', 'answered', 'closed')`),
    check('contact_message_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
)

/** Who moved a contact message from one status to another, and when: append-only. */
export const contactMessageEvent = pgTable(
  'contact_message_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessage.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    // The staff member's name as it was, so the history still says who after their account is gone.
    actorName: text('actor_name').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
  },
  (table) => [index('contact_message_event_message_idx').on(table.messageId, table.id)],
)

export type ContactMessageRow = typeof contactMessage.$inferSelect
export type ContactMessageEventRow = typeof contactMessageEvent.$inferSelect
