import 'server-only'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'
import { orderEvent, orderItem, payoutApproval, payoutLimit, sellerOrder, user } from '@/db/schema'
import { orderReadyAt, READY_STATUSES } from '@/orders/payment-runs/payment-runs'
import { addLondonDays, cutoffOn, isWorkingDay, londonDay, startOfLondonDay } from '@/orders/record/working-days'
import { PAYOUT_METHODS } from '@/payouts/methods'
import { payerFor } from '@/payouts/payers'
import { payeeHeldSql } from '@/payouts/payee-check'
import { notPassedSql } from '@/register/checks'
import { unapprovedRiseSql } from '@/orders/moves/rise-condition'
import { noIdentityWaiting } from '@/orders/moves/identity-condition'
import { BATCH, dayAllowance, dueOrders, jobMayPay, readySinceOf, type PayoutContext } from './payout-job'

/**
 * The money as staff see it on the dashboard: paid today, with the bank now, failed, and what is
 * held back and why (above the day's limit, a change of bank details, the payee, the register, a
 * rise waiting for approval, proof of identity not yet seen, the next cut-off); and the
 * manager's two controls, the daily limit and the approval of what waits above it.
 */

export type Amount = { count: number; pence: number }
export type MoneyFigures = {
  /** Whether any payer is configured: without one, every payment is a manager's run. */
  payer: boolean
  paidToday: Amount
  paying: Amount
  failed: number
  held: {
    aboveLimit: Amount
    change: number
    payee: number
    register: number
    rise: number
    identity: number
    nextCutoff: number
  }
  limit: { limitPence: number; sentPence: number; leftPence: number }
}

type Context = Pick<PayoutContext, 'cutoff' | 'calendar' | 'payers'>

const sum = (rows: { pence: number }[]): Amount => ({
  count: rows.length,
  pence: rows.reduce((total, row) => total + row.pence, 0),
})

/** What of `due` (oldest first) waits above what the day's allowance leaves: from the first that does not fit. */
function aboveLimitOf(due: readonly { totalPence: number }[], leftPence: number): Amount {
  let left = leftPence
  const fits = due.findIndex((order) => {
    if (order.totalPence > left) return true
    left -= order.totalPence
    return false
  })
  return fits < 0 ? { count: 0, pence: 0 } : sum(due.slice(fits).map((order) => ({ pence: order.totalPence })))
}

/** The cut-off that has come today, or null before it (or on a day the job does not pay). */
function cutoffPassed(context: Context, now: Date): Date | null {
  const day = londonDay(now)
  const cutoff = cutoffOn(day, context.cutoff)
  return isWorkingDay(day, context.calendar) && now >= cutoff ? cutoff : null
}

/** What waits above today's limit now: the due orders past what the day's allowance leaves. */
export async function waitingAboveLimit(db: Db, context: Context, now: Date): Promise<Amount> {
  const day = londonDay(now)
  if (!cutoffPassed(context, now)) return { count: 0, pence: 0 }
  const { leftPence } = await dayAllowance(db, day)
  return aboveLimitOf(await dueOrders(db, context, day, now), leftPence)
}

/**
 * Every order in a status a payment starts from, in one pass with its devices read once each (a
 * lateral read by the order's index, where one query per reason read every device of the shop):
 * what holds it back, whether the job may pay it, and whether it was ready before `cutoff`; oldest
 * ready first, as the job takes them. The rules are the job's and the runs' own SQL.
 */
function readyFacts(db: Db, now: Date, methods: readonly string[], cutoff: Date | null) {
  const devices = db
    .select({
      count: sql<number>`count(*)::integer`.as('devices'),
      notPassed: sql<boolean>`coalesce(bool_or(${notPassedSql(now)}), false)`.as('not_passed'),
      unapproved: sql<boolean>`coalesce(bool_or(${unapprovedRiseSql}), false)`.as('unapproved'),
      lastRegister: sql`max(${orderItem.registerCheckedAt})`.as('last_register'),
    })
    .from(orderItem)
    .where(eq(orderItem.orderId, sellerOrder.id))
    .as('devices')
  const readySince = readySinceOf(sql`${devices.lastRegister}`)
  const payable = and(
    orderReadyAt(now, methods),
    sql`${devices.count} > 0`,
    sql`not ${devices.notPassed}`,
    sql`not ${devices.unapproved}`,
    noIdentityWaiting,
    jobMayPay,
  )
  return db
    .select({
      totalPence: sellerOrder.totalPence,
      change: sql<boolean>`coalesce(${sellerOrder.payoutHeldUntil} > ${now}, false)`,
      payee: sql<boolean>`coalesce(${payeeHeldSql}, false)`,
      register: sql<boolean>`${devices.notPassed}`,
      rise: sql<boolean>`${devices.unapproved}`,
      identity: sql<boolean>`not ${noIdentityWaiting}`,
      ready: methods.length ? sql<boolean>`coalesce(${payable}, false)` : sql<boolean>`false`,
      due: cutoff ? sql<boolean>`coalesce(${readySince} < ${cutoff}, false)` : sql<boolean>`false`,
    })
    .from(sellerOrder)
    .crossJoinLateral(devices)
    .where(inArray(sellerOrder.status, [...READY_STATUSES]))
    .orderBy(asc(readySince), asc(sellerOrder.id))
}

const amount = {
  count: sql<number>`count(*)::integer`,
  pence: sql<number>`coalesce(sum(${sellerOrder.totalPence}), 0)::integer`,
}

export async function moneyFigures(db: Db, context: Context, now: Date): Promise<MoneyFigures> {
  const day = londonDay(now)
  const methods = PAYOUT_METHODS.filter((method) => payerFor(context.payers, method)).map((method) => method.id)
  const cutoff = cutoffPassed(context, now)
  const [[paidToday], [paying], [failed], facts, limit] = await Promise.all([
    db
      .select(amount)
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
    db.select(amount).from(sellerOrder).where(eq(sellerOrder.status, 'paying')),
    db.select(amount).from(sellerOrder).where(eq(sellerOrder.status, 'payment-failed')),
    readyFacts(db, now, methods, cutoff),
    dayAllowance(db, day),
  ])
  const ready = facts.filter((order) => order.ready)
  const due = ready.filter((order) => order.due)
  const count = (held: (order: (typeof facts)[number]) => boolean) => facts.filter(held).length
  return {
    payer: methods.length > 0,
    paidToday: paidToday ?? { count: 0, pence: 0 },
    paying: paying ?? { count: 0, pence: 0 },
    failed: failed?.count ?? 0,
    held: {
      // What the job would take in its first batch at the cut-off, as it takes them.
      aboveLimit: cutoff ? aboveLimitOf(due.slice(0, BATCH), limit.leftPence) : { count: 0, pence: 0 },
      change: count((order) => order.change),
      payee: count((order) => order.payee),
      register: count((order) => order.register),
      rise: count((order) => order.rise),
      identity: count((order) => order.identity),
      nextCutoff: Math.max(0, ready.length - due.length),
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
