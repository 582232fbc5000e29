import 'server-only'
import { and, eq, gt, inArray, not, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'
import { orderEvent, payoutApproval, payoutLimit, sellerOrder, user } from '@/db/schema'
import { readyAt, READY_STATUSES } from '@/orders/payment-runs/payment-runs'
import { addLondonDays, cutoffOn, isWorkingDay, londonDay, startOfLondonDay } from '@/orders/record/working-days'
import { PAYOUT_METHODS } from '@/payouts/methods'
import { payerFor } from '@/payouts/payers'
import { payeeHeldSql } from '@/payouts/payee-check'
import { everyDevicePassedSql } from '@/register/checks'
import { noUnapprovedRise } from '@/orders/moves/rise-condition'
import { dayAllowance, dueOrders, jobMayPay, type PayoutContext } from './payout-job'

/**
 * The money as staff see it on the dashboard: paid today, with the bank now, failed, and what is
 * held back and why (above the day's limit, a change of bank details, the payee, the register, a
 * rise waiting for approval, the next cut-off); and the
 * manager's two controls, the daily limit and the approval of what waits above it.
 */

export type Amount = { count: number; pence: number }
export type MoneyFigures = {
  /** Whether any payer is configured: without one, every payment is a manager's run. */
  payer: boolean
  paidToday: Amount
  paying: Amount
  failed: number
  held: { aboveLimit: Amount; change: number; payee: number; register: number; rise: number; nextCutoff: number }
  limit: { limitPence: number; sentPence: number; leftPence: number }
}

type Context = Pick<PayoutContext, 'cutoff' | 'calendar' | 'payers'>

const sum = (rows: { pence: number }[]): Amount => ({
  count: rows.length,
  pence: rows.reduce((total, row) => total + row.pence, 0),
})

/** What waits above today's limit now: the due orders past what the day's allowance leaves. */
export async function waitingAboveLimit(db: Db, context: Context, now: Date): Promise<Amount> {
  const day = londonDay(now)
  if (!isWorkingDay(day, context.calendar) || now < cutoffOn(day, context.cutoff)) return { count: 0, pence: 0 }
  let { leftPence } = await dayAllowance(db, day)
  const due = await dueOrders(db, context, day, now)
  const fits = due.findIndex((order) => {
    if (order.totalPence > leftPence) return true
    leftPence -= order.totalPence
    return false
  })
  return fits < 0 ? { count: 0, pence: 0 } : sum(due.slice(fits).map((order) => ({ pence: order.totalPence })))
}

export async function moneyFigures(db: Db, context: Context, now: Date): Promise<MoneyFigures> {
  const day = londonDay(now)
  const methods = PAYOUT_METHODS.filter((method) => payerFor(context.payers, method)).map((method) => method.id)
  const checkedOrders = (held: SQL) =>
    db
      .select({ pence: sellerOrder.totalPence })
      .from(sellerOrder)
      .where(and(inArray(sellerOrder.status, [...READY_STATUSES]), held))
  const [paidToday, paying, failed, change, payee, register, rise, ready, limit, aboveLimit] = await Promise.all([
    db
      .select({ pence: sellerOrder.totalPence })
      .from(orderEvent)
      .innerJoin(sellerOrder, eq(sellerOrder.id, orderEvent.orderId))
      .where(
        and(
          eq(orderEvent.toStatus, 'paid'),
          sql`${orderEvent.fromStatus} is distinct from 'paid'`,
          sql`${orderEvent.at} >= ${startOfLondonDay(day)}`,
          sql`${orderEvent.at} < ${startOfLondonDay(addLondonDays(day, 1))}`,
        ),
      ),
    db.select({ pence: sellerOrder.totalPence }).from(sellerOrder).where(eq(sellerOrder.status, 'paying')),
    db.select({ pence: sellerOrder.totalPence }).from(sellerOrder).where(eq(sellerOrder.status, 'payment-failed')),
    db
      .select({ pence: sellerOrder.totalPence })
      .from(sellerOrder)
      .where(and(inArray(sellerOrder.status, [...READY_STATUSES]), gt(sellerOrder.payoutHeldUntil, now))),
    db
      .select({ pence: sellerOrder.totalPence })
      .from(sellerOrder)
      .where(and(inArray(sellerOrder.status, [...READY_STATUSES]), payeeHeldSql)),
    checkedOrders(not(everyDevicePassedSql(now))),
    checkedOrders(not(noUnapprovedRise)),
    methods.length
      ? db
          .select({ pence: sellerOrder.totalPence })
          .from(sellerOrder)
          .where(and(readyAt(now, methods), jobMayPay))
      : Promise.resolve([]),
    dayAllowance(db, day),
    waitingAboveLimit(db, context, now),
  ])
  const dueNow =
    isWorkingDay(day, context.calendar) && now >= cutoffOn(day, context.cutoff)
      ? (await dueOrders(db, context, day, now, 100_000)).length
      : 0
  return {
    payer: methods.length > 0,
    paidToday: sum(paidToday),
    paying: sum(paying),
    failed: failed.length,
    held: {
      aboveLimit,
      change: change.length,
      payee: payee.length,
      register: register.length,
      rise: rise.length,
      nextCutoff: Math.max(0, ready.length - dueNow),
    },
    limit,
  }
}

/** The most the job pays in a day, as a manager sets it: one row, replaced. */
export async function setDailyLimit(db: Db, manager: { id: string }, pence: number, now = new Date()) {
  const [named] = await db.select({ name: user.name }).from(user).where(eq(user.id, manager.id))
  await db
    .insert(payoutLimit)
    .values({ id: 'payouts', dailyPence: pence, setBy: manager.id, setByName: named?.name ?? null, setAt: now })
    .onConflictDoUpdate({
      target: payoutLimit.id,
      set: { dailyPence: pence, setBy: manager.id, setByName: named?.name ?? null, setAt: now },
    })
}

/**
 * A manager lets today's payments above the limit go: the day's limit grows by what waits now,
 * counted under a lock so two managers approving at once approve it once; null when nothing waits.
 */
export async function approveWaiting(db: Db, context: Context, manager: { id: string }, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.payoutApprovals})`)
    const waiting = await waitingAboveLimit(tx as unknown as Db, context, now)
    if (!waiting.pence) return null
    const [named] = await tx.select({ name: user.name }).from(user).where(eq(user.id, manager.id))
    await tx.insert(payoutApproval).values({
      day: londonDay(now),
      amountPence: waiting.pence,
      approvedBy: manager.id,
      approvedByName: named?.name ?? null,
      at: now,
    })
    return waiting
  })
}
