import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { at, bytea, createdAt } from './columns'
import { sellerOrder } from './orders'

/** An order's devices, and the photos staff take of them. */

type RiseColumns = Record<
  'proposedPricePence' | 'revisedPricePence' | 'pricePence' | 'offerAnswer' | 'riseApprovedAt',
  AnyPgColumn
>

/**
 * A device holds a price rise nobody approved: waiting for a manager, or a revised price above the
 * quote, kept by the seller, with no approval stamped. The rule payments keep
 * (web/orders/moves/rise-condition.ts), written here once so that its index has the same words and
 * the planner reads the few such devices by it.
 */
export const unapprovedRise = (t: RiseColumns) =>
  sql`(${t.proposedPricePence} is not null or (${t.revisedPricePence} > ${t.pricePence} and ${t.offerAnswer} is distinct from 'decline' and ${t.riseApprovedAt} is null))`

/** One device in an order, with the price it was sold at and where that price came from. */
export const orderItem = pgTable(
  'order_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    modelId: text('model_id').notNull(),
    // Make, model and storage as the seller saw them, e.g. "Apple iPhone 13 128GB".
    device: text('device').notNull(),
    variantKey: text('variant_key').notNull(),
    gradeKey: text('grade_key').notNull(),
    gradeName: text('grade_name').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    pricePence: integer('price_pence').notNull(),
    // The model document's revision the price was read from.
    catalogueRevision: text('catalogue_revision').notNull(),
    // What the check found.
    foundGradeKey: text('found_grade_key'),
    foundGradeName: text('found_grade_name'),
    imei: text('imei'),
    checkNotes: text('check_notes'),
    // The checklist's answers at the check, with the words staff read then (web/orders/moves/checklist.ts).
    checkAnswers:
      jsonb('check_answers').$type<
        Array<{ question: string; questionText: string; answer: string; answerText: string; effect: string }>
      >(),
    // A parcel received after its price hold ended: today's published price for what was ordered
    // (model, storage, grade chosen), read at the receive; null when on time or no longer priced
    // (web/orders/moves/late-parcels.ts). Lower than the quote, it is offered once the check agrees.
    latePricePence: integer('late_price_pence'),
    revisedPricePence: integer('revised_price_pence'),
    revisedReason: text('revised_reason'),
    // A new price above the quote waiting for a manager's approval (web/orders/moves/rise-store.ts): not
    // yet an offer, so the seller neither sees nor answers it. Copied to the revised price on approval.
    proposedPricePence: integer('proposed_price_pence'),
    proposedReason: text('proposed_reason'),
    // When a revised price above the quote was allowed: a manager's approval (the event says who and
    // why), or the revision itself when the rise was within the threshold editors set. A rise without
    // it is never paid (payment runs and "Mark paid" refuse the order).
    riseApprovedAt: at('rise_approved_at'),
    // The stolen-device register's answer for the IMEI or serial above: 'waiting' until it answers
    // (retried by the register job), then 'pass', 'caution' or 'fail', its certificate and when.
    registerResult: text('register_result'),
    registerCertificate: text('register_certificate'),
    registerCheckedAt: at('register_checked_at'),
    // A caution a manager looked up and cleared (web/orders/holds/): when, who, why, and the
    // certificate it cleared. It counts as a pass only while the register's answer is still that
    // certificate: a later check that answers with another needs clearing again.
    cautionClearedAt: at('caution_cleared_at'),
    cautionClearedBy: text('caution_cleared_by').references(() => user.id, { onDelete: 'set null' }),
    cautionClearedReason: text('caution_cleared_reason'),
    cautionClearedCertificate: text('caution_cleared_certificate'),
    // The seller's answer to this device's revised price: "accept" (paid at it) or "decline"
    // (posted back free), by them or, at the deadline, by the rule in the CMS; when it was given.
    offerAnswer: text('offer_answer'),
    offerAnsweredAt: at('offer_answered_at'),
    // A declined device of an order otherwise accepted, posted back: its tracking number and when.
    returnTracking: text('return_tracking'),
    returnedAt: at('returned_at'),
  },
  (table) => [
    unique('order_item_position_unique').on(table.orderId, table.position),
    check('order_item_register_result_known', sql`${table.registerResult} in ('waiting', 'pass', 'caution', 'fail')`),
    // The staff search by IMEI or serial number, and an order's other orders with the same device.
    index('order_item_imei_idx').on(table.imei),
    index('order_item_register_waiting_idx')
      .on(table.registerResult)
      .where(sql`${table.registerResult} = 'waiting'`),
    // The register job's read of devices reported stolen whose order is not yet flagged.
    index('order_item_register_fail_idx')
      .on(table.orderId)
      .where(sql`${table.registerResult} = 'fail'`),
    index('order_item_unapproved_rise_idx').on(table.orderId).where(unapprovedRise(table)),
    // £0 only for the device of a staff offer, which is £0 only as free recycling (manual-offers.ts's check).
    check(
      'order_item_price_positive',
      sql`${table.pricePence} > 0 or (${table.pricePence} = 0 and ${table.modelId} = 'staff-offer')`,
    ),
    check('order_item_revised_not_negative', sql`${table.revisedPricePence} >= 0`),
    check('order_item_late_price_not_negative', sql`${table.latePricePence} >= 0`),
    check('order_item_proposed_not_negative', sql`${table.proposedPricePence} >= 0`),
    check('order_item_offer_answer_known', sql`${table.offerAnswer} in ('accept', 'decline')`),
  ],
)

/**
 * A photo of a device taken at its check, as the site made it: re-encoded as WebP, at most 1600
 * pixels a side, with no EXIF or location. Kept in the database so that every instance serves it
 * and a backup holds it. Its id is random and is never enough on its own: the route that serves
 * it also checks the order's link or account, or that the viewer is staff.
 */
export const orderItemPhoto = pgTable(
  'order_item_photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItem.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_item_photo_item_idx').on(table.orderItemId, table.createdAt),
    index('order_item_photo_order_idx').on(table.orderId),
    check('order_item_photo_size_positive', sql`${table.byteSize} > 0`),
  ],
)

export type OrderItemRow = typeof orderItem.$inferSelect
export type OrderItemPhotoRow = typeof orderItemPhoto.$inferSelect
