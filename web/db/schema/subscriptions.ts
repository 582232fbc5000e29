import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { at } from './columns'

/** Newsletter sign-ups and price alerts. */
export const SUBSCRIPTION_TOPICS = ['newsletter', 'price-alert'] as const
export type SubscriptionTopic = (typeof SUBSCRIPTION_TOPICS)[number]

/**
 * An address that asked to hear from us: the newsletter, or a price alert for one model. It counts
 * only once confirmed from the e-mail sent to it (double opt-in); an unconfirmed one is deleted when
 * its link expires, and unsubscribing deletes it. The address is stored lower-cased.
 */
export const subscription = pgTable(
  'subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topic: text('topic').notNull(),
    // A price alert's model (the Sanity document id); null for the newsletter.
    modelId: text('model_id'),
    email: text('email').notNull(),
    // Only the SHA-256 of the confirmation link's token; emptied once confirmed.
    confirmTokenHash: text('confirm_token_hash').unique(),
    requestedAt: at('requested_at').notNull().defaultNow(),
    confirmedAt: at('confirmed_at'),
    // When this subscription last brought a price alert: at most one a day goes to one address.
    lastAlertedAt: at('last_alerted_at'),
  },
  (table) => [
    unique('subscription_one_per_topic').on(table.topic, table.modelId, table.email).nullsNotDistinct(),
    index('subscription_email_idx').on(table.email),
    index('subscription_model_idx').on(table.modelId, table.confirmedAt),
    check('subscription_topic_known', sql`${table.topic} in ('newsletter', 'price-alert')`),
    check('subscription_email_lower', sql`${table.email} = lower(${table.email})`),
    check('subscription_model_for_alerts', sql`(${table.topic} = 'price-alert') = (${table.modelId} is not null)`),
  ],
)

/**
 * The best price each model had when its price alerts last went (or when its first alert was
 * confirmed): a publish alerts only above it, so a webhook replayed, or a price lowered and raised
 * again, alerts nobody twice.
 */
export const priceAlertPrice = pgTable('price_alert_price', {
  modelId: text('model_id').primaryKey(),
  pence: integer('pence').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

export type SubscriptionRow = typeof subscription.$inferSelect
