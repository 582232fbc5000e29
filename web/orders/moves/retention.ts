import 'server-only'
import { and, asc, eq, inArray, isNotNull, lt, lte, or } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  emailOutbox,
  orderEvent,
  orderItem,
  orderItemPhoto,
  paymentRun,
  paymentRunLine,
  sellerOrder,
} from '@/db/schema'
import { SETTLED_STATUSES } from '@/orders/record/lifecycle'
import { BANK_DETAILS_END_STATUSES } from '@rules/order-statuses'
import { ERASED_EVENT, ERASED_ITEM, ERASED_ORDER, RETENTION_ACTIONS } from '@/orders/record/order-record'

/** The periods the privacy policy promises, from the Orders document's timings. */
export type Retention = { bankDetailsDays: number; recordYears: number }

const DAY_MS = 24 * 3600 * 1000
const BATCH = 500

/**
 * The orders whose full bank details are no longer needed: paid, sent back, cancelled or expired
 * (an order closed after a stolen-device flag keeps them for the police), long enough ago. The
 * time is when the order came to where it is (status_since); the last four digits stay.
 */
const BANK_DETAILS_ENDS = BANK_DETAILS_END_STATUSES

/**
 * Whether the order still holds anything that names its seller: reducing it once more changes
 * nothing, so a second run (or one after the seller erased their account) finds nothing to do.
 */
const stillNamesSeller = or(
  isNotNull(sellerOrder.userId),
  isNotNull(sellerOrder.email),
  isNotNull(sellerOrder.name),
  isNotNull(sellerOrder.phone),
  isNotNull(sellerOrder.addressLine1),
  isNotNull(sellerOrder.postcode),
  isNotNull(sellerOrder.payoutSealed),
  isNotNull(sellerOrder.payoutMatch),
  isNotNull(sellerOrder.payoutLast4),
  isNotNull(sellerOrder.returnTracking),
  isNotNull(sellerOrder.idempotencyKey),
)

/**
 * The start of the UK tax year (6 April) on or before `date`. HMRC asks for records to be kept for
 * six years after the end of the tax year they belong to: an order is reduced once the tax year
 * that began `recordYears` years ago has started after the order's own tax year ended.
 */
export function taxYearStart(date: Date): Date {
  const year = date.getUTCFullYear()
  const april6 = Date.UTC(year, 3, 6)
  return new Date(date.getTime() >= april6 ? april6 : Date.UTC(year - 1, 3, 6))
}

/** Orders placed before this are kept only as the tax record at `now`. */
export function recordCutoff(now: Date, recordYears: number): Date {
  const back = new Date(now)
  back.setUTCFullYear(back.getUTCFullYear() - recordYears)
  return taxYearStart(back)
}

/**
 * Orders whose sealed bank details are due to be deleted at `now`, longest due first: a range of
 * the partial index of orders at rest that still hold them (db/schema/orders.ts), whatever the number of orders.
 */
export function bankDetailsDueQuery(db: Db, now: Date, days: number) {
  const ended = new Date(now.getTime() - days * DAY_MS)
  return db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(
      and(
        isNotNull(sellerOrder.payoutSealed),
        inArray(sellerOrder.status, [...BANK_DETAILS_ENDS]),
        lte(sellerOrder.statusSince, ended),
      ),
    )
    .orderBy(asc(sellerOrder.statusSince))
    .limit(BATCH)
}

export async function ordersDueBankDetailsRemoval(db: Db, now: Date, days: number): Promise<string[]> {
  return (await bankDetailsDueQuery(db, now, days)).map((row) => row.id)
}

/**
 * Deletes one order's sealed bank details, keeping the last four digits: a guarded update (only
 * while they are still there) and its event by the system, in one transaction. False when there
 * was nothing left to delete.
 */
export async function removeBankDetails(db: Db, orderId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .update(sellerOrder)
      // The keyed hash goes with them: nothing is left to match this account by.
      .set({ payoutSealed: null, payoutMatch: null, payeeBankName: null, updatedAt: now })
      .where(and(eq(sellerOrder.id, orderId), isNotNull(sellerOrder.payoutSealed)))
      .returning({ status: sellerOrder.status })
    if (!removed) return false
    await tx.insert(orderEvent).values({
      orderId,
      at: now,
      actor: 'system',
      action: RETENTION_ACTIONS.bankDetails,
      fromStatus: removed.status,
      toStatus: removed.status,
    })
    return true
  })
}

/**
 * A payment run's bank file holds the bank details of every seller in it: it goes when they would,
 * the bank details period after the run's last payment was marked (paid or failed). A run still
 * waiting on the bank keeps it, however old. Its count, total and fingerprint stay. Answers how many.
 */
export async function deleteSettledRunFiles(db: Db, now: Date, days: number): Promise<number> {
  const deleted = await db
    .update(paymentRun)
    .set({ fileSealed: null, fileDeletedAt: now })
    .where(
      and(
        eq(paymentRun.state, 'settled'),
        isNotNull(paymentRun.fileSealed),
        lte(paymentRun.settledAt, new Date(now.getTime() - days * DAY_MS)),
      ),
    )
    .returning({ id: paymentRun.id })
  return deleted.length
}

/** Finished orders placed before the record cutoff that still name their seller. */
export async function ordersDueReduction(db: Db, now: Date, recordYears: number): Promise<string[]> {
  const rows = await db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(
      and(
        lt(sellerOrder.placedAt, recordCutoff(now, recordYears)),
        // At rest: finished, or cancelled or expired (which only a parcel arriving years late reopens).
        inArray(sellerOrder.status, [...SETTLED_STATUSES]),
        stillNamesSeller,
      ),
    )
    .limit(BATCH)
  return rows.map((row) => row.id)
}

/**
 * Reduces one order to the tax record, as erasing its seller's account would: the seller's details,
 * bank details (the last four digits too), IMEIs, free text and photos go, and the e-mails about it; the
 * reference, dates, amounts and device models stay. A guarded update and its event, in one
 * transaction; false when the order was already reduced.
 */
export async function reduceOrder(db: Db, orderId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [reduced] = await tx
      .update(sellerOrder)
      .set({ ...ERASED_ORDER, updatedAt: now })
      .where(and(eq(sellerOrder.id, orderId), stillNamesSeller))
      .returning({ status: sellerOrder.status })
    if (!reduced) return false
    await tx.update(orderItem).set(ERASED_ITEM).where(eq(orderItem.orderId, orderId))
    // Photos of the seller's device: the grade found, kept with the record, says what they showed.
    await tx.delete(orderItemPhoto).where(eq(orderItemPhoto.orderId, orderId))
    await tx.update(orderEvent).set(ERASED_EVENT).where(eq(orderEvent.orderId, orderId))
    await tx.delete(emailOutbox).where(eq(emailOutbox.orderId, orderId))
    await tx.update(paymentRunLine).set({ failureReason: null }).where(eq(paymentRunLine.orderId, orderId))
    await tx.insert(orderEvent).values({
      orderId,
      at: now,
      actor: 'system',
      action: RETENTION_ACTIONS.record,
      fromStatus: reduced.status,
      toStatus: reduced.status,
    })
    return true
  })
}

/** Everything retention owes at `now`: bank details and run files first, then whole orders. */
export async function applyRetention(
  db: Db,
  retention: Retention,
  now = new Date(),
): Promise<{ bankDetails: number; runFiles: number; records: number }> {
  let bankDetails = 0
  let records = 0
  for (const id of await ordersDueBankDetailsRemoval(db, now, retention.bankDetailsDays)) {
    if (await removeBankDetails(db, id, now)) bankDetails++
  }
  const runFiles = await deleteSettledRunFiles(db, now, retention.bankDetailsDays)
  for (const id of await ordersDueReduction(db, now, retention.recordYears)) {
    if (await reduceOrder(db, id, now)) records++
  }
  return { bankDetails, runFiles, records }
}
