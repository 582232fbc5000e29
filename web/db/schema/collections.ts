import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at } from './columns'

/** A business collection's life: asked for, a date agreed, picked up, then done with. */
export const COLLECTION_STATUSES = ['requested', 'booked', 'collected', 'closed'] as const
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number]

/**
 * A business's request for a free collection of many devices, from the business recycling page's
 * form (web/collections/). The device count's floor is the editors' (the section's minimum); the
 * check here only refuses what no form could send.
 */
export const collectionRequest = pgTable(
  'collection_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisation: text('organisation').notNull(),
    contactName: text('contact_name').notNull(),
    // Stored lower-cased, as every address is.
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    postcode: text('postcode').notNull(),
    deviceCount: integer('device_count').notNull(),
    // The makes, models and quantities as the business typed them.
    devices: text('devices').notNull(),
    preferredDates: text('preferred_dates').notNull(),
    status: text('status').notNull().default('requested'),
    createdAt: at('created_at').notNull().defaultNow(),
    statusChangedAt: at('status_changed_at').notNull().defaultNow(),
  },
  (table) => [
    index('collection_request_created_idx').on(table.createdAt, table.id),
    index('collection_request_email_idx').on(table.email),
    check('collection_request_status_known', sql`${table.status} in ('requested', 'booked', 'collected', 'closed')`),
    check('collection_request_email_lower', sql`${table.email} = lower(${table.email})`),
    check('collection_request_device_count_positive', sql`${table.deviceCount} > 0`),
  ],
)

/** Who moved a collection request from one status to another, when and why: append-only, as order_event is (only ever inserted). */
export const collectionRequestEvent = pgTable(
  'collection_request_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => collectionRequest.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    // The staff member's name as it was, so the history still says who after their account is gone.
    actorName: text('actor_name').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [index('collection_request_event_request_idx').on(table.requestId, table.id)],
)

export type CollectionRequestRow = typeof collectionRequest.$inferSelect
export type CollectionRequestEventRow = typeof collectionRequestEvent.$inferSelect
