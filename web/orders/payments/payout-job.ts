import 'server-only'
import { and, asc, eq, gt, inArray, lt, ne, not, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderItem, payment, payoutApproval, payoutLimit, sellerOrder, type PaymentRow } from '@/db/schema'
import { readyAt } from '@/orders/payment-runs/payment-runs'
import { cutoffOn, isWorkingDay, londonDay, type BusinessCalendar } from '@/orders/record/working-days'
import { PAYOUT_METHODS, payoutMethodOf } from '@/payouts/methods'
import { payerFor, type Payers } from '@/payouts/payers'
import { payeeHeldSql } from '@/payouts/payee-check'
import { openPayout, type PayoutKeys } from '@/payouts/payout-crypto'
import { applyAnswer, markAsked, startPayment, type Emails } from './payment-store'

/**
 * The payout job: on a working day from the cut-off, every order that became ready to pay before
 * it is sent through its method's payer, oldest first, within the day's limit (a manager approves
 * what waits above it). Before anything new is sent, every payment whose outcome is unknown is asked
 * about again: one the site stopped in the middle of sending is sent again with its own key (the
 * payer answers with the first payment), one accepted long ago is read back by id.
 */

/** What the job pays in a day until a manager sets a limit: £20,000. */
export const DEFAULT_DAILY_LIMIT_PENCE = 2_000_000
/** An accepted payment with no final word this long is read back by id (its webhook may be lost). */
export const READ_BACK_AFTER_MS = 2 * 60_000
/** How many orders are read at a time; a pass goes on, batch after batch, while any are due. */
export const BATCH = 500
/** A pass stops after this many batches (50,000 payments); the next minute's takes the rest. */
const MAX_ROUNDS = 100

export type PayoutContext = {
  cutoff: string
  calendar: BusinessCalendar
  keys: PayoutKeys
  payers: Payers
  emails: Emails
  now?: Date
}

/** The methods some configured payer pays: the job's. */
const jobMethods = (payers: Payers) =>
  PAYOUT_METHODS.filter((method) => payerFor(payers, method)).map((method) => method.id)

/**
 * When an order became ready: it entered its status, its hold after a change of details ended, its
 * last device passed the register (`lastRegister`: by default read here, per order).
 */
export const readySinceOf = (
  lastRegister: SQL = sql`(select max(${orderItem.registerCheckedAt}) from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id})`,
) =>
  sql`greatest(${sellerOrder.statusSince}, coalesce(${sellerOrder.payoutHeldUntil}, ${sellerOrder.statusSince}), ${lastRegister})`
const readySince = readySinceOf()

/** The day's limit: the one a manager set (or the default), and what managers approved above it that day. */
export async function dayAllowance(db: Pick<Db, 'select'>, day: string) {
  const [limit] = await db.select({ pence: payoutLimit.dailyPence }).from(payoutLimit).limit(1)
  const [approved] = await db
    .select({ pence: sql<number>`coalesce(sum(${payoutApproval.amountPence}), 0)::integer` })
    .from(payoutApproval)
    .where(eq(payoutApproval.day, day))
  const [sent] = await db
    .select({ pence: sql<number>`coalesce(sum(${payment.amountPence}), 0)::integer` })
    .from(payment)
    .where(and(eq(payment.day, day), inArray(payment.state, ['sending', 'accepted', 'settled'])))
  const limitPence = (limit?.pence ?? DEFAULT_DAILY_LIMIT_PENCE) + (approved?.pence ?? 0)
  return { limitPence, sentPence: sent?.pence ?? 0, leftPence: Math.max(0, limitPence - (sent?.pence ?? 0)) }
}

export type DueOrder = { id: string; reference: string; status: string; totalPence: number; method: string }

/** The orders due at the cut-off of `day`: ready now, and ready since before that cut-off; oldest first. */
/** What the job pays of what is ready (a manager's run may pay the rest, if staff decide so). */
export const jobMayPay = and(
  // A payment that failed is sent again once the seller changed their details after it failed
  // (the change's hold starts then).
  or(ne(sellerOrder.status, 'payment-failed'), gt(sellerOrder.payoutHeldUntil, sellerOrder.statusSince)),
  // A payee the bank did not match, or an account another seller gave too: staff look first.
  not(payeeHeldSql),
)!

export async function dueOrders(
  db: Pick<Db, 'select'>,
  context: Pick<PayoutContext, 'cutoff' | 'payers'>,
  day: string,
  now: Date,
  limit = BATCH,
) {
  const methods = jobMethods(context.payers)
  if (!methods.length) return []
  return db
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      status: sellerOrder.status,
      totalPence: sellerOrder.totalPence,
      method: sellerOrder.payoutMethod,
    })
    .from(sellerOrder)
    .where(and(readyAt(now, methods), lt(readySince, cutoffOn(day, context.cutoff)), jobMayPay))
    .orderBy(asc(readySince), asc(sellerOrder.id))
    .limit(limit)
}

export type PayoutPass = { asked: number; sent: number; waitingApproval: number; waitingPence: number }

/** One pass of the job: unknown outcomes first, then what is due, if the cut-off has come on a working day. */
export async function payDue(db: Db, context: PayoutContext): Promise<PayoutPass> {
  const now = context.now ?? new Date()
  const asked = await askAboutUnknown(db, context, now)
  const pass: PayoutPass = { asked, sent: 0, waitingApproval: 0, waitingPence: 0 }
  const day = londonDay(now)
  if (!isWorkingDay(day, context.calendar) || now < cutoffOn(day, context.cutoff)) return pass
  let { leftPence } = await dayAllowance(db, day)
  // A batch at a time, until nothing due is left (or what is left waits for a manager).
  for (let round = 0; ; round++) {
    const due = await dueOrders(db, context, day, now)
    const sentBefore = pass.sent
    for (const [index, order] of due.entries()) {
      // Oldest first, and nobody jumps the queue: from the first that does not fit, the rest wait for a manager.
      if (order.totalPence > leftPence) {
        const waiting = due.slice(index)
        pass.waitingApproval = waiting.length
        pass.waitingPence = waiting.reduce((sum, next) => sum + next.totalPence, 0)
        return pass
      }
      const method = payoutMethodOf(order.method)
      const payer = payerFor(context.payers, method)!
      const row = await startPayment(db, {
        orderId: order.id,
        status: order.status,
        payer: payer.id,
        amountPence: order.totalPence,
        reference: order.reference,
        day,
        now,
      })
      // Moved on since it was read (a manager's run took it, the seller changed their details): skipped.
      if (!row) continue
      leftPence -= order.totalPence
      pass.sent++
      await send(db, context, row, now)
    }
    // A short batch was the last; a batch that sent nothing would only find the same orders again.
    if (due.length < BATCH || pass.sent === sentBefore || round >= MAX_ROUNDS) break
  }
  return pass
}

/** Sends (or sends again, with the same key) one payment, and applies the payer's answer. */
async function send(db: Db, context: PayoutContext, row: PaymentRow, now: Date) {
  const payer = context.payers[row.payer]
  const [order] = await db
    .select({ sealed: sellerOrder.payoutSealed, method: sellerOrder.payoutMethod })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, row.orderId))
  if (!payer || !order?.sealed) return markAsked(db, row.id, now)
  const details = openPayout(order.sealed, row.reference, context.keys)
  const reply = await payer.send({
    idempotencyKey: row.idempotencyKey,
    amountPence: row.amountPence,
    reference: row.reference,
    details,
  })
  if (reply.ok) return void (await applyAnswer(db, { paymentId: row.id }, reply.value, context.emails, now))
  // Refused outright (details the payer cannot pay to): a rejection, which asks the seller to check them.
  if (reply.reason === 'refused')
    return void (await applyAnswer(
      db,
      { paymentId: row.id },
      { status: 'rejected', reason: reply.detail },
      context.emails,
      now,
    ))
  // Unreachable: still unknown; the next pass sends it again with the same key.
  await markAsked(db, row.id, now)
}

/**
 * Payments whose outcome is not known: those the site never heard accepted (stopped mid-send, or
 * the payer was down) are sent again with their key; those accepted without a final word for a
 * while are read back by id. Each is asked about once a pass.
 */
async function askAboutUnknown(db: Db, context: PayoutContext, now: Date): Promise<number> {
  const unsent = await db
    .select()
    .from(payment)
    .where(eq(payment.state, 'sending'))
    .orderBy(asc(payment.createdAt))
    .limit(BATCH)
  for (const row of unsent) await send(db, context, row, now)
  const stale = await db
    .select()
    .from(payment)
    .where(
      and(
        eq(payment.state, 'accepted'),
        sql`coalesce(${payment.askedAt}, ${payment.acceptedAt}) < ${new Date(now.getTime() - READ_BACK_AFTER_MS)}`,
      ),
    )
    .orderBy(asc(payment.askedAt))
    .limit(BATCH)
  for (const row of stale) {
    const payer = context.payers[row.payer]
    if (!payer || !row.payerPaymentId) continue
    const reply = await payer.read(row.payerPaymentId)
    if (reply.ok && reply.value.status !== 'accepted')
      await applyAnswer(db, { paymentId: row.id }, reply.value, context.emails, now)
    else await markAsked(db, row.id, now)
  }
  return unsent.length + stale.length
}
