import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import {
  AT_REST_STATUSES,
  BANK_DETAILS_END_STATUSES,
  ORDER_STATUSES,
  STOCK_INTAKE_STATUSES,
} from '@rules/order-statuses'
import { user } from './account-schema'
import { at } from './columns'

/** An order, and the payment run that pays it (each points at the other's row). */
const statusList = sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(', '))
const stockIntakeList = sql.raw(STOCK_INTAKE_STATUSES.map((status) => `'${status}'`).join(', '))
const bankDetailsEndList = sql.raw(BANK_DETAILS_END_STATUSES.map((status) => `'${status}'`).join(', '))
/** Orders still in progress: not at rest. The "Unclaimed" list's words, and its index's. */
export const OPEN_ORDER = sql.raw(`status not in (${AT_REST_STATUSES.map((status) => `'${status}'`).join(', ')})`)

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
    // Confirmation of Payee on the bank details (web/payouts/payee-check.ts): the result as kept
    // ('match', 'close_match_accepted', 'close_match_kept', 'no_match', 'unavailable'; null: not
    // asked, as before it existed), the name the bank holds on a close match, and the bank's reason code.
    payeeCheck: text('payee_check'),
    payeeBankName: text('payee_bank_name'),
    payeeReason: text('payee_reason'),
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
    // When staff marked that pack posted (web/orders/claims/pack-store.ts); null: still to post.
    postagePackPostedAt: at('postage_pack_posted_at'),
    // The member of staff working on the order, until when (web/orders/claims/claim-store.ts): past
    // that time the claim lapses by itself, so nothing stays with someone who left.
    claimedBy: text('claimed_by').references(() => user.id, { onDelete: 'set null' }),
    claimedUntil: at('claimed_until'),
    // After the seller changes their bank details, nobody pays before this (payout-change.ts).
    payoutHeldUntil: at('payout_held_until'),
    // The checkout form's one-time key, and a hash of what was sent with it.
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    // The payment run the order was last put in (web/orders/payment-runs/payment-runs.ts); it stays after the run settles.
    paymentRunId: uuid('payment_run_id').references((): AnyPgColumn => paymentRun.id, { onDelete: 'set null' }),
    // When the stock intake took this paid order's devices into stock (web/stock/stock-store.ts):
    // null while it waits, so the intake reads the few waiting by an index, not every paid order.
    stockTakenAt: at('stock_taken_at'),
  },
  (table) => [
    index('seller_order_user_id_idx').on(table.userId),
    index('seller_order_email_idx').on(sql`lower(${table.email})`),
    index('seller_order_status_placed_idx').on(table.status, table.placedAt),
    index('seller_order_status_since_idx').on(table.status, table.statusSince, table.id),
    // The minute job's due reads (orders/moves/timer-store.ts): price holds, and revised offers' deadlines.
    index('seller_order_status_hold_idx').on(table.status, table.holdUntil, table.id),
    index('seller_order_status_deadline_idx').on(table.status, table.offerDeadline, table.id),
    // Retention's read of bank details due to go (orders/moves/retention.ts): only orders at rest that
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
    // The staff list's "My work": one person's claimed orders, by how long each has waited.
    index('seller_order_claimed_idx').on(table.claimedBy, table.statusSince, table.id),
    // The staff list's "Unclaimed": the orders still in progress (a tenth of them, the rest at rest),
    // by how long each has waited; the list and its count read only these.
    index('seller_order_open_since_idx').on(table.statusSince, table.id).where(OPEN_ORDER),
    // The stock intake's queue: paid orders (and free recycling ones, taken) whose devices are not in stock yet.
    index('seller_order_stock_waiting_idx')
      .on(table.statusSince, table.id)
      .where(sql`${table.status} in (${stockIntakeList}) and ${table.stockTakenAt} is null`),
    // The staff list's "Postage packs to post": only the packs still to post, by how long each has waited.
    index('seller_order_pack_to_post_idx')
      .on(table.statusSince, table.id)
      .where(sql`${table.postagePack} and ${table.postagePackPostedAt} is null`),
    check('seller_order_total_not_negative', sql`${table.totalPence} >= 0`),
    check('seller_order_status_known', sql`${table.status} in (${statusList})`),
  ],
)

/**
 * A payment run: orders a manager paid together with one bank file (web/orders/payment-runs/payment-runs.ts).
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

export type SellerOrderRow = typeof sellerOrder.$inferSelect
export type PaymentRunRow = typeof paymentRun.$inferSelect
