import { sql } from 'drizzle-orm'
import { bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
    // The business's standard industrial classification (SIC 2007, five digits), as it gave it: the
    // waste transfer note states the transferor's. Optional on the form; null when not given.
    sicCode: text('sic_code'),
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
    check('collection_request_sic_code_digits', sql`${table.sicCode} ~ '^[0-9]{5}$'`),
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

/**
 * A device a collection brought, as staff recorded it at goods-in: make, model and its IMEI (or a
 * serial for a device without one). Each becomes a stock device (stock_device.collection_device_id)
 * and is erased like any other; the collection's certificate lists them all. Kept while its stock
 * device is: the request it came with cannot be deleted from under it.
 */
export const collectionDevice = pgTable(
  'collection_device',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => collectionRequest.id, { onDelete: 'restrict' }),
    // The order staff recorded them in, from 1: the certificate lists them so.
    position: integer('position').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    // Normalised as the register is asked (web/register/device-id.ts): an IMEI with its check digit, or a serial.
    imei: text('imei').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    // The quote: what staff value it at, in pence, or that it will be recycled (no value); neither
    // until it is valued. The latest valuation; collection_quote_event keeps each one.
    valuePence: integer('value_pence'),
    recycle: boolean('recycle').notNull().default(false),
    // The condition grade staff found, set with the value: the Condition grade document's key and
    // its name as the quote said it (as an order item keeps the grade sold), so the report says the same.
    gradeKey: text('grade_key'),
    gradeName: text('grade_name'),
  },
  (table) => [
    check('collection_device_grade_whole', sql`(${table.gradeKey} is null) = (${table.gradeName} is null)`),
    check(
      'collection_device_value_one',
      sql`(${table.valuePence} is null or (${table.valuePence} > 0 and not ${table.recycle}))`,
    ),
    uniqueIndex('collection_device_position_idx').on(table.requestId, table.position),
    // The same device twice in one collection is a typing slip: refused, not counted twice.
    uniqueIndex('collection_device_imei_idx').on(table.requestId, table.imei),
    index('collection_device_imei_lookup_idx').on(table.imei),
  ],
)

/**
 * A collection's quote, change by change: a device valued (its value in pence, or recycle) or the
 * quote sent (no device; the total then), with who and when. Only ever inserted, as the request's
 * moves are. One quote is sent per collection: the unique index refuses a second.
 */
export const collectionQuoteEvent = pgTable(
  'collection_quote_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => collectionRequest.id, { onDelete: 'cascade' }),
    // Null for the quote sent.
    deviceId: uuid('device_id').references(() => collectionDevice.id, { onDelete: 'restrict' }),
    at: at('at').notNull().defaultNow(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    // A device's value, or (the quote sent) the total of the values.
    valuePence: integer('value_pence'),
    recycle: boolean('recycle').notNull().default(false),
    // The device's grade with its value (key and name); null for the quote sent.
    gradeKey: text('grade_key'),
    gradeName: text('grade_name'),
  },
  (table) => [
    index('collection_quote_event_request_idx').on(table.requestId, table.id),
    uniqueIndex('collection_quote_sent_idx')
      .on(table.requestId)
      .where(sql`${table.deviceId} is null`),
  ],
)

/**
 * The paperwork a business collection ends with: its erasure certificate, its waste transfer note
 * and its itemised report (each device's grade, value and end).
 */
export const COLLECTION_DOCUMENT_KINDS = ['certificate', 'waste-note', 'report'] as const
export type CollectionDocumentKind = (typeof COLLECTION_DOCUMENT_KINDS)[number]

/**
 * One document issued for a collection, at most one of each kind, never changed: its number (random
 * 12 hexadecimal digits, as an erasure certificate's, so one cannot be guessed from another), when
 * and by whom. What it lists is read from the collection's devices, which cannot change once the
 * certificate is issued (web/collections/devices-store.ts refuses).
 */
export const collectionDocument = pgTable(
  'collection_document',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => collectionRequest.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    issuedBy: text('issued_by').references(() => user.id, { onDelete: 'set null' }),
    issuedByName: text('issued_by_name').notNull(),
  },
  (table) => [
    uniqueIndex('collection_document_kind_idx').on(table.requestId, table.kind),
    uniqueIndex('collection_document_number_idx').on(table.number),
    check('collection_document_kind_known', sql`${table.kind} in ('certificate', 'waste-note', 'report')`),
  ],
)

export type CollectionRequestRow = typeof collectionRequest.$inferSelect
export type CollectionDocumentRow = typeof collectionDocument.$inferSelect
export type CollectionDeviceRow = typeof collectionDevice.$inferSelect
export type CollectionRequestEventRow = typeof collectionRequestEvent.$inferSelect
export type CollectionQuoteEventRow = typeof collectionQuoteEvent.$inferSelect

/**
 * Paying a business collection's quote (web/collections/payment/payment-store.ts): one row per collection
 * whose sent quote has a total above £0, made with the quote. The business's link to give its bank
 * details is kept only as its hash, until used; the details are sealed as a seller's are (bound to
 * the request's id), and emptied with the contact. The payment goes through the payer with a key
 * fixed here, so a retry after a stop between paying and recording pays once.
 */
export const collectionPayment = pgTable(
  'collection_payment',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => collectionRequest.id, { onDelete: 'cascade' }),
    // The quote's total, as sent.
    amountPence: integer('amount_pence').notNull(),
    // waiting (for bank details), given, sending (with the payer, outcome not yet recorded), paid,
    // returned (the payer rejected or returned it: waiting for the business's bank details again).
    state: text('state').notNull().default('waiting'),
    tokenHash: text('token_hash').unique(),
    // When the link was issued: it works for BANK_LINK_DAYS from then (payment-link.ts).
    linkIssuedAt: at('link_issued_at').notNull().defaultNow(),
    // Which payment this is: 1, then one more after each return, so each sends with its own key.
    attempt: integer('attempt').notNull().default(1),
    bankSealed: text('bank_sealed'),
    bankLast4: text('bank_last4'),
    bankGivenAt: at('bank_given_at'),
    // Confirmation of Payee for the details, as a seller's (payouts/payee-questions.ts): its result,
    // the name the bank holds and its reason code; null before details are given.
    payeeCheck: text('payee_check'),
    payeeBankName: text('payee_bank_name'),
    payeeReason: text('payee_reason'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    // On the business's statement (18 characters at most).
    reference: text('reference').notNull(),
    payer: text('payer'),
    payerPaymentId: text('payer_payment_id'),
    paidAt: at('paid_at'),
  },
  (table) => [
    check('collection_payment_state_known', sql`${table.state} in ('waiting', 'given', 'sending', 'paid', 'returned')`),
    check('collection_payment_attempt_positive', sql`${table.attempt} > 0`),
    check('collection_payment_amount_positive', sql`${table.amountPence} > 0`),
  ],
)

/**
 * Who did what to a collection's payment, and when: bank details given, payment sent, paid, returned
 * by the payer (its reason and the payment's id with it, so a late event about it is known), a new
 * link sent. Only ever inserted.
 */
export const collectionPaymentEvent = pgTable(
  'collection_payment_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => collectionRequest.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    // 'bank-details' (the business, by its link), 'pay' (a manager pressed pay), 'paid' (the payer took it),
    // 'returned' (the payer rejected or returned it), 'new-link' (a manager sent the business a new link).
    action: text('action').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    // The payment's attempt (collection_payment.attempt) the event belongs to.
    attempt: integer('attempt').notNull().default(1),
    // A return's: the payer's reason (staff see it) and its id for the payment returned.
    reason: text('reason'),
    payerPaymentId: text('payer_payment_id'),
  },
  (table) => [
    index('collection_payment_event_request_idx').on(table.requestId, table.id),
    uniqueIndex('collection_payment_paid_idx')
      .on(table.requestId, table.attempt)
      .where(sql`${table.action} = 'paid'`),
    check(
      'collection_payment_event_action_known',
      sql`${table.action} in ('bank-details', 'pay', 'paid', 'returned', 'new-link')`,
    ),
  ],
)

export type CollectionPaymentRow = typeof collectionPayment.$inferSelect
