import { sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { at } from './columns'

/**
 * One e-mailing of a published policy change (web/subscriptions/policy-mailing.ts): started once
 * per change, then sent in batches, each batch's e-mails queued and the cursor moved on in one
 * transaction, so no one is mailed twice and a stopped mailing resumes where it left off. The
 * addresses are taken in the order of a salted SHA-256 of each, and the cursor is the last one's
 * hash: the table never holds an address.
 */
export const policyMailing = pgTable('policy_mailing', {
  // The Sanity document id of the policy change.
  changeId: text('change_id').primaryKey(),
  // Only people whose record existed by then are mailed: the list does not move under the cursor.
  startedAt: at('started_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
  salt: text('salt')
    .notNull()
    .default(sql`gen_random_uuid()::text`),
  // The hash of the last address mailed; null before the first batch.
  cursor: text('cursor'),
  sent: integer('sent').notNull().default(0),
})

export type PolicyMailingRow = typeof policyMailing.$inferSelect
