import { sql } from 'drizzle-orm'
import {
  bigserial,
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './account-schema'
import { BANK_DETAILS_END_STATUSES, ORDER_STATUSES } from '@rules/order-statuses'

export * from './account-schema'

// Every default and check here must run on PostgreSQL 15 (servers) and 18 (PGlite): no uuidv7().
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const basket = pgTable(
  'basket',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The cookie carries the token; only its SHA-256 is stored, so a leaked table opens no baskets.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('basket_last_used_at_idx').on(table.lastUsedAt)],
)

export const basketLine = pgTable(
  'basket_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => basket.id, { onDelete: 'cascade' }),
    // Sanity document id of the device model, e.g. "model-iphone-13".
    modelId: text('model_id').notNull(),
    variantKey: text('variant_key').notNull(),
    gradeKey: text('grade_key').notNull(),
    // Question key → answer key, as the visitor answered them.
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    // Zero keeps a removed line for a while so the basket can offer "undo".
    quantity: integer('quantity').notNull(),
    // Price each, in pence, when the line was added: the quote the visitor saw.
    addedPricePence: integer('added_price_pence').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('basket_line_device_unique').on(table.basketId, table.modelId, table.variantKey, table.gradeKey),
    check('basket_line_quantity_not_negative', sql`${table.quantity} >= 0`),
    check('basket_line_added_price_positive', sql`${table.addedPricePence} > 0`),
  ],
)

const at = (name: string) => timestamp(name, { withTimezone: true })
const statusList = sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(', '))
const bankDetailsEndList = sql.raw(BANK_DETAILS_END_STATUSES.map((status) => `'${status}'`).join(', '))

/**
 * A seller's order. An order outlives the account that placed it: erasing a seller's details
 * empties the columns marked "personal" and keeps the record the law requires (HMRC, six years).
 */
export const sellerOrder = pgTable(
  'seller_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    // Personal. Compared lower-cased: that is how accounts store theirs.
    email: text('email'),
    status: text('status').notNull(),
    totalPence: integer('total_pence').notNull(),
    placedAt: at('placed_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // When the order entered its current status: set by every move (move-store.ts), so queues
    // sort and filter by how long an order has waited, and the clock finds what is due, by index.
    statusSince: at('status_since').notNull().defaultNow(),
    // Personal: who to post a return to and how to reach them.
    name: text('name'),
    phone: text('phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    town: text('town'),
    // Normalised ("SW1A 1AA"), so a lookup by postcode is an equality.
    postcode: text('postcode'),
    // Bank details as AES-256-GCM ciphertext (see payout-crypto.ts); only the last four digits plain.
    payoutMethod: text('payout_method').notNull().default('bank'),
    payoutSealed: text('payout_sealed'),
    payoutLast4: text('payout_last4'),
    // A keyed hash of the sort code and account number (payout-match.ts), so staff see one account
    // paid for several orders without anyone opening them; it goes when the sealed details go.
    payoutMatch: text('payout_match'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    // The terms' revision the seller accepted, and what they declared (keys), when.
    termsRevision: text('terms_revision'),
    declarations: jsonb('declarations').$type<string[]>().notNull().default([]),
    // Prices are held until then; a device arriving later is priced again.
    holdUntil: at('hold_until').notNull().defaultNow(),
    // A revised offer's deadline, and when its reminder went.
    offerDeadline: at('offer_deadline'),
    offerRemindedAt: at('offer_reminded_at'),
    returnTracking: text('return_tracking'),
    // The seller asked at checkout for a postage pack (an envelope with the label on it): staff post one.
    postagePack: boolean('postage_pack').notNull().default(false),
    // After the seller changes their bank details, nobody pays before this (payout-change.ts).
    payoutHeldUntil: at('payout_held_until'),
    // The checkout form's one-time key, and a hash of what was sent with it.
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    // The payment run the order was last put in (web/orders/payment-runs.ts); it stays after the run settles.
    paymentRunId: uuid('payment_run_id').references((): AnyPgColumn => paymentRun.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('seller_order_user_id_idx').on(table.userId),
    index('seller_order_email_idx').on(sql`lower(${table.email})`),
    index('seller_order_status_placed_idx').on(table.status, table.placedAt),
    index('seller_order_status_since_idx').on(table.status, table.statusSince, table.id),
    // The minute job's due reads (orders/timer-store.ts): price holds, and revised offers' deadlines.
    index('seller_order_status_hold_idx').on(table.status, table.holdUntil, table.id),
    index('seller_order_status_deadline_idx').on(table.status, table.offerDeadline, table.id),
    // Retention's read of bank details due to go (orders/retention.ts): only orders at rest that
    // still hold them, by when they came to rest; the list of statuses is retention's own.
    index('seller_order_sealed_since_idx')
      .on(table.statusSince)
      .where(sql`${table.payoutSealed} is not null and ${table.status} in (${bankDetailsEndList})`),
    index('seller_order_postcode_idx').on(table.postcode),
    index('seller_order_payment_run_idx').on(table.paymentRunId),
    // The staff list across every status, by how long each order has waited (keyset paging).
    index('seller_order_since_idx').on(table.statusSince, table.id),
    // The staff search by the start of a name, whatever its case.
    index('seller_order_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    index('seller_order_payout_match_idx').on(table.payoutMatch),
    check('seller_order_total_not_negative', sql`${table.totalPence} >= 0`),
    check('seller_order_status_known', sql`${table.status} in (${statusList})`),
  ],
)

/**
 * A payment run: orders a manager paid together with one bank file (web/orders/payment-runs.ts).
 * The file is kept only sealed, like the bank details it is made from, and is deleted (emptied)
 * once every payment in it is settled and the bank details period has passed, or when a seller in
 * it erases their account; the count, total and fingerprint stay, to compare with the bank.
 */
export const paymentRun = pgTable(
  'payment_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // What staff and the bank statement call it, e.g. "PR-261127-0930-K7Q": 18 characters, so that
    // the bank file's contra record carries it whole (runs made before then have 20).
    reference: text('reference').notNull().unique(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    // The manager's name as it was, so the run still says who after their account is gone.
    createdByName: text('created_by_name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    orderCount: integer('order_count').notNull(),
    totalPence: integer('total_pence').notNull(),
    // The bank file, sealed with the bank details' key (payout-crypto.ts): null once deleted.
    fileSealed: text('file_sealed'),
    fileSha256: text('file_sha256').notNull(),
    fileDeletedAt: at('file_deleted_at'),
    // "open" while a payment waits to be marked; "settled" once each is paid or failed.
    state: text('state').notNull().default('open'),
    settledAt: at('settled_at'),
  },
  (table) => [
    index('payment_run_created_idx').on(table.createdAt),
    check('payment_run_state_known', sql`${table.state} in ('open', 'settled')`),
    check('payment_run_total_positive', sql`${table.totalPence} > 0 and ${table.orderCount} > 0`),
  ],
)

/** One payment in a run: the order, the amount as it was when the run was made, and what the bank did. */
export const paymentRunLine = pgTable(
  'payment_run_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => paymentRun.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    // "pending" until marked "paid" or "failed".
    state: text('state').notNull().default('pending'),
    failureReason: text('failure_reason'),
    settledAt: at('settled_at'),
  },
  (table) => [
    unique('payment_run_line_order_unique').on(table.runId, table.orderId),
    index('payment_run_line_order_idx').on(table.orderId),
    check('payment_run_line_state_known', sql`${table.state} in ('pending', 'paid', 'failed')`),
    check('payment_run_line_amount_positive', sql`${table.amountPence} > 0`),
  ],
)

/** Each download of a run's bank file: who and when. Append-only. */
export const paymentRunDownload = pgTable(
  'payment_run_download',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => paymentRun.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('payment_run_download_run_idx').on(table.runId, table.id)],
)

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
    revisedPricePence: integer('revised_price_pence'),
    revisedReason: text('revised_reason'),
    // A new price above the quote waiting for a manager's approval (web/orders/rise-store.ts): not
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
    check('order_item_price_positive', sql`${table.pricePence} > 0`),
    check('order_item_revised_not_negative', sql`${table.revisedPricePence} >= 0`),
    check('order_item_proposed_not_negative', sql`${table.proposedPricePence} >= 0`),
    check('order_item_offer_answer_known', sql`${table.offerAnswer} in ('accept', 'decline')`),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

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

/** The order's history: append-only, one row per thing that happened to it. */
export const orderEvent = pgTable(
  'order_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => sellerOrder.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    // "seller", "staff", "manager" or "system".
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    // A staff member's name as it was when they acted, so the history still says who after their
    // account is gone. Never a seller's: for them it stays empty.
    actorName: text('actor_name'),
    // A move's name ("receive", "pay", …) or a record ("reveal-payout", "reminder").
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('order_event_order_idx').on(table.orderId, table.id),
    // The dashboard's counts: the moves into a status over a span of days.
    index('order_event_to_status_at_idx').on(table.toStatus, table.at),
    // One order's moves (records left out), read from the index alone: when it arrived, was accepted.
    index('order_event_moves_idx')
      .on(table.orderId, table.toStatus, table.at)
      .where(sql`${table.fromStatus} <> ${table.toStatus}`),
  ],
)

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
  },
  (table) => [
    index('email_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('email_outbox_to_idx').on(sql`lower(${table.toAddress})`),
  ],
)

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

/**
 * What was done to a staff account's sign-in, by whom, when and why: an invitation sent, a lost
 * authenticator reset (by another manager or by the operator's command). Append-only.
 */
export const staffEvent = pgTable(
  'staff_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    // "operator" (a command on the server) or "manager".
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    // The manager's name as it was, so the history still says who after their account is gone.
    actorName: text('actor_name'),
    // "invited" or "two-step-reset".
    action: text('action').notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('staff_event_user_idx').on(table.userId, table.id),
    check('staff_event_actor_known', sql`${table.actor} in ('operator', 'manager')`),
  ],
)

/**
 * Rate-limit hits, kept here only beside a shared database (DATABASE_URL) so that every instance
 * counts toward one limit; on the embedded database the one process counts in memory. The bucket is
 * an HMAC of the limiter's name and its key (an address, an e-mail): no address is stored. A row
 * is deleted once its window has passed.
 */
export const rateLimitHit = pgTable(
  'rate_limit_hit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: at('at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    index('rate_limit_hit_bucket_at_idx').on(table.bucket, table.at),
    index('rate_limit_hit_expires_at_idx').on(table.expiresAt),
  ],
)

export type BasketRow = typeof basket.$inferSelect
export type BasketLineRow = typeof basketLine.$inferSelect
export type SellerOrderRow = typeof sellerOrder.$inferSelect
export type OrderItemRow = typeof orderItem.$inferSelect
export type OrderEventRow = typeof orderEvent.$inferSelect
export type PaymentRunRow = typeof paymentRun.$inferSelect
export type PaymentRunLineRow = typeof paymentRunLine.$inferSelect
export type OrderItemPhotoRow = typeof orderItemPhoto.$inferSelect
export type SubscriptionRow = typeof subscription.$inferSelect
export type ContactMessageRow = typeof contactMessage.$inferSelect
export type ContactMessageEventRow = typeof contactMessageEvent.$inferSelect
