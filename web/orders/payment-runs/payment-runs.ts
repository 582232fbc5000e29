import 'server-only'
import { createHash, randomInt, randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { PaymentOriginator } from '@/config/index'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, paymentRun, paymentRunDownload, paymentRunLine, sellerOrder, user } from '@/db/schema'
import { REFERENCE_ALPHABET } from '@/lib/reference-format'
import { bankPayment, payeeNameless } from '@/payouts/bank/bank-transfer'
import { writeBankFile } from '@/payouts/bank/bank-file'
import { MOVES, type OrderStatus } from '@/orders/record/lifecycle'
import { isUuid } from '@/orders/record/order-values'
import { noIdentityWaiting } from '@/orders/moves/identity-condition'
import { noUnapprovedRise } from '@/orders/moves/rise-condition'
import { everyDevicePassedSql } from '@/register/checks'
import { PAYMENT_RUN_METHODS } from '@/payouts/methods'
import { openPayout, openText, sealText, type PayoutKeys } from '@/payouts/payout-crypto'

/**
 * Payment runs: a manager puts the orders ready to pay into one run, in one transaction (each
 * order moved to `paying` by a guarded update with its event, the run's lines, and its bank file,
 * made in memory from the sealed bank details and kept only sealed), then marks the run paid, or a
 * line failed, each order moving on with its e-mail. Two runs made at once never share an order:
 * the update's own condition says the order is still ready, and only one of them can find it so.
 */

/** Where an order must be to go into a run: the statuses the run's first move starts from. */
export const READY_STATUSES: readonly OrderStatus[] = MOVES.startPayment.from

/** How many orders one run holds at most: one bank file, one import screen. */
export const RUN_LIMIT = 1000

export type Manager = { id: string; name: string }

/**
 * An order is ready: in a status a run starts from, paid by a method a run pays (bank transfer;
 * payouts/methods.ts), with something to pay and sealed details to pay it to, no change of them holding the payment, every device passed by the register
 * (a pass, or a caution a manager cleared) before `now` (as paying one order by hand asks:
 * register/checks.ts, payBlock and everyDevicePassedSql), no price rise
 * that a manager has not approved (rise-condition.ts), and no proof of identity asked and not yet
 * seen (identity-condition.ts).
 */
export function readyAt(now: Date, methods: readonly string[] = PAYMENT_RUN_METHODS) {
  return and(
    orderReadyAt(now, methods),
    sql`exists (select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id})`,
    everyDevicePassedSql(now),
    noUnapprovedRise,
    noIdentityWaiting,
  )
}

/** readyAt's conditions on the order's own row, without its devices': for a query that reads those itself. */
export function orderReadyAt(now: Date, methods: readonly string[] = PAYMENT_RUN_METHODS) {
  return and(
    inArray(sellerOrder.status, [...READY_STATUSES]),
    inArray(sellerOrder.payoutMethod, [...methods]),
    gt(sellerOrder.totalPence, 0),
    isNotNull(sellerOrder.payoutSealed),
    or(isNull(sellerOrder.payoutHeldUntil), lte(sellerOrder.payoutHeldUntil, now)),
  )!
}

export type ReadyOrder = { id: string; reference: string; name: string | null; status: string; totalPence: number }

/** The orders ready to pay at `now`, longest waiting first. */
export async function readyOrders(db: Pick<Db, 'select'>, now = new Date()): Promise<ReadyOrder[]> {
  return db
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      name: sellerOrder.name,
      status: sellerOrder.status,
      totalPence: sellerOrder.totalPence,
    })
    .from(sellerOrder)
    .where(readyAt(now))
    .orderBy(asc(sellerOrder.placedAt), asc(sellerOrder.id))
    .limit(RUN_LIMIT)
}

/**
 * A run's reference: the day and minute it was made and three random characters, e.g.
 * "PR-261127-0930-K7Q". Eighteen characters, so the bank file's contra record carries it whole.
 */
export function newRunReference(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(2, 12)
  const random = Array.from({ length: 3 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')
  return `PR-${stamp.slice(0, 6)}-${stamp.slice(6)}-${random}`
}

export type RunMade =
  | { ok: true; runId: string; reference: string; count: number; totalPence: number; skipped: number }
  | { ok: false; reason: 'none-chosen' | 'none-left' }
  /** Orders whose account name the bank file would leave blank (kept before names were checked). */
  | { ok: false; reason: 'payee-name'; references: string[] }

/**
 * Makes a run of the orders chosen (or every ready one), in one transaction. An order chosen that
 * is no longer ready (another run took it, the seller changed their bank details) is left out and
 * counted in `skipped`; with none left, nothing is made.
 */
export async function makeRun(
  db: Db,
  request: {
    orderIds: string[] | 'all-ready'
    manager: Manager
    originator: PaymentOriginator
    keys: PayoutKeys
    now?: Date
  },
): Promise<RunMade> {
  const now = request.now ?? new Date()
  const chosen = request.orderIds === 'all-ready' ? null : [...new Set(request.orderIds.filter(isUuid))]
  if (chosen && !chosen.length) return { ok: false, reason: 'none-chosen' }
  return db.transaction(async (tx): Promise<RunMade> => {
    // Locked, and the condition checked again once the lock is had: an order another run moved first is not found.
    const locked = await tx
      .select({
        id: sellerOrder.id,
        reference: sellerOrder.reference,
        status: sellerOrder.status,
        totalPence: sellerOrder.totalPence,
        payoutSealed: sellerOrder.payoutSealed,
      })
      .from(sellerOrder)
      .where(and(chosen ? inArray(sellerOrder.id, chosen) : undefined, readyAt(now)))
      .orderBy(asc(sellerOrder.placedAt), asc(sellerOrder.id))
      .limit(RUN_LIMIT)
      .for('update')
    // Opened before anything moves: a payee the bank file would name with blanks stops the whole
    // run, naming the orders, so that no one is paid to a nameless account or silently left out.
    const payees = new Map(
      locked.map((order) => [order.id, openPayout(order.payoutSealed!, order.reference, request.keys)]),
    )
    const blank = locked.filter((order) => payeeNameless(payees.get(order.id)!))
    if (blank.length) return { ok: false, reason: 'payee-name', references: blank.map((order) => order.reference) }
    const moved = locked.length
      ? await tx
          .update(sellerOrder)
          .set({ status: 'paying', statusSince: now, updatedAt: now })
          .where(
            and(
              inArray(
                sellerOrder.id,
                locked.map((order) => order.id),
              ),
              readyAt(now),
            ),
          )
          .returning({ id: sellerOrder.id })
      : []
    const movedIds = new Set(moved.map((order) => order.id))
    const orders = locked.filter((order) => movedIds.has(order.id))
    if (!orders.length) return { ok: false, reason: 'none-left' }

    const runId = randomUUID()
    const reference = newRunReference(now)
    const file = writeBankFile(
      orders.map((order) => bankPayment(payees.get(order.id)!, order.reference, order.totalPence)),
      request.originator,
      reference,
    )
    await tx.insert(paymentRun).values({
      id: runId,
      reference,
      createdBy: request.manager.id,
      createdByName: request.manager.name,
      createdAt: now,
      orderCount: file.count,
      totalPence: file.totalPence,
      fileSealed: sealText(file.text, reference, request.keys),
      fileSha256: createHash('sha256').update(file.text).digest('hex'),
    })
    await tx
      .insert(paymentRunLine)
      .values(orders.map((order) => ({ runId, orderId: order.id, amountPence: order.totalPence })))
    await tx
      .update(sellerOrder)
      .set({ paymentRunId: runId })
      .where(inArray(sellerOrder.id, [...movedIds]))
    await tx.insert(orderEvent).values(
      orders.map((order) => ({
        orderId: order.id,
        at: now,
        actor: 'manager',
        actorUserId: request.manager.id,
        actorName: request.manager.name,
        action: 'startPayment',
        fromStatus: order.status,
        toStatus: 'paying',
        reason: reference,
      })),
    )
    const skipped = chosen ? chosen.length - orders.length : 0
    return { ok: true, runId, reference, count: file.count, totalPence: file.totalPence, skipped }
  })
}

/**
 * The run's bank file, opened for a manager, with the download recorded (who, when) in the same
 * transaction: null when there is no such run or its file was deleted.
 */
export async function downloadRunFile(
  db: Db,
  request: { runId: string; managerId: string; keys: PayoutKeys; now?: Date },
): Promise<{ reference: string; text: string } | null> {
  if (!isUuid(request.runId)) return null
  return db.transaction(async (tx) => {
    const [run] = await tx
      .select({ reference: paymentRun.reference, fileSealed: paymentRun.fileSealed })
      .from(paymentRun)
      .where(eq(paymentRun.id, request.runId))
    if (!run?.fileSealed) return null
    const [manager] = await tx.select({ name: user.name }).from(user).where(eq(user.id, request.managerId))
    await tx.insert(paymentRunDownload).values({
      runId: request.runId,
      userId: request.managerId,
      actorName: manager?.name ?? '',
      at: request.now ?? new Date(),
    })
    return { reference: run.reference, text: openText(run.fileSealed, run.reference, request.keys) }
  })
}
