/**
 * Proof of identity asked of an order's seller: why and when it was asked, the photo of the
 * document they sent through their own link, and staff's verdict. Once staff record it, the photo
 * is gone and only the fact stays (who saw it, when, the document's type, seen or refused): a
 * check holds the database to that.
 */
import { sql } from 'drizzle-orm'
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at, bytea } from './columns'
import { sellerOrder } from './orders'

/** Why it was asked: the order's amount, a bank account another order used, or staff's request. */
export const IDENTITY_REASONS = ['amount', 'duplicate', 'staff'] as const
export type IdentityReason = (typeof IDENTITY_REASONS)[number]

/** The documents a seller may send. */
export const IDENTITY_DOCUMENTS = ['passport', 'driving-licence', 'identity-card'] as const
export type IdentityDocument = (typeof IDENTITY_DOCUMENTS)[number]

/** Staff's verdict: the document was seen (genuine, the seller's), or refused (the seller is asked again). */
export const IDENTITY_OUTCOMES = ['seen', 'refused'] as const
export type IdentityOutcome = (typeof IDENTITY_OUTCOMES)[number]

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** One per order: asking again after a refusal starts it over (the history keeps each step). */
export const orderIdentityCheck = pgTable(
  'order_identity_check',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    askedAt: at('asked_at').notNull().defaultNow(),
    askedBecause: text('asked_because').notNull(),
    askedBy: text('asked_by').references(() => user.id, { onDelete: 'set null' }),
    // Only the SHA-256 of the random token in the seller's link; emptied once staff record the verdict.
    tokenHash: text('token_hash').unique(),
    documentType: text('document_type'),
    // The photo as kept (WebP, no metadata), until staff record the verdict.
    image: bytea('image'),
    uploadedAt: at('uploaded_at'),
    verifiedBy: text('verified_by').references(() => user.id, { onDelete: 'set null' }),
    verifiedAt: at('verified_at'),
    outcome: text('outcome'),
  },
  (table) => [
    check('order_identity_check_reason_known', sql`${table.askedBecause} in (${list(IDENTITY_REASONS)})`),
    check(
      'order_identity_check_document_known',
      sql`${table.documentType} is null or ${table.documentType} in (${list(IDENTITY_DOCUMENTS)})`,
    ),
    check(
      'order_identity_check_outcome_known',
      sql`${table.outcome} is null or ${table.outcome} in (${list(IDENTITY_OUTCOMES)})`,
    ),
    // A verdict has its time, and a photo its document type and upload time.
    check('order_identity_check_verdict_whole', sql`(${table.outcome} is null) = (${table.verifiedAt} is null)`),
    check(
      'order_identity_check_upload_whole',
      sql`${table.image} is null or (${table.documentType} is not null and ${table.uploadedAt} is not null)`,
    ),
    // Only the fact is kept once it is checked.
    check(
      'order_identity_check_fact_only',
      sql`${table.verifiedAt} is null or (${table.image} is null and ${table.tokenHash} is null)`,
    ),
  ],
)

export type OrderIdentityCheckRow = typeof orderIdentityCheck.$inferSelect
