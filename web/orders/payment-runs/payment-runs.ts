import 'server-only'
import { createHash, randomInt, randomUUID } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm'
import type { PaymentOriginator } from '@/config/index'
import type { Db } from '@/db/connection'
import {
  orderEvent,
  orderItem,
  paymentRun,
  paymentRunDownload,
  paymentRunLine,
  sellerOrder,
  user,
  type PaymentRunLineRow,
  type PaymentRunRow,
} from '@/db/schema'
import { REFERENCE_ALPHABET } from '@/lib/reference-format'
import { bankPayment, payeeNameless } from '@/payouts/bank/bank-transfer'
import { writeBankFile } from '@/payouts/bank/bank-file'
import { MOVES, type OrderStatus } from '@/orders/record/lifecycle'
import { moveInTx, type Tx } from '@/orders/moves/move-store'
import { isUuid } from '@/orders/record/order-values'
import { noUnapprovedRise } from '@/orders/moves/rise-condition'
import { openPayout, openText, sealText, type PayoutKeys } from '@/payouts/payout-crypto'
import { PAYMENT_RUN_METHODS } from '@/payouts/methods'
import type { OrderRecord } from '@/orders/record/store'
import type { QueuedMail } from '@/orders/record/mail'

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
 * before `now` (as paying one order by hand asks: register/checks.ts, payBlock), and no price rise
 * that a manager has not approved (rise-condition.ts).
 */
function readyAt(now: Date) {
  return and(
    inArray(sellerOrder.status, [...READY_STATUSES]),
    inArray(sellerOrder.payoutMethod, [...PAYMENT_RUN_METHODS]),
    gt(sellerOrder.totalPence, 0),
    isNotNull(sellerOrder.payoutSealed),
    or(isNull(sellerOrder.payoutHeldUntil), lte(sellerOrder.payoutHeldUntil, now)),
    sql`exists (select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id})`,
    notExists(
      sql`(select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id} and not (${orderItem.registerResult} is not distinct from 'pass' and ${orderItem.registerCheckedAt} < ${now}))`,
    ),
    noUnapprovedRise,
  )
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

export type Marked = { ok: true; marked: number } | { ok: false; reason: 'not-found' | 'nothing-to-mark' }

type Emails = (order: OrderRecord) => QueuedMail[]

/** The run's row, locked: marking its lines one way or another never crosses another marking. */
async function lockRun(tx: Tx, runId: string) {
  const [run] = await tx.select({ id: paymentRun.id }).from(paymentRun).where(eq(paymentRun.id, runId)).for('update')
  return run
}

/** Settles the run once no line waits. */
async function settleIfDone(tx: Tx, runId: string, now: Date) {
  const [waiting] = await tx
    .select({ id: paymentRunLine.id })
    .from(paymentRunLine)
    .where(and(eq(paymentRunLine.runId, runId), eq(paymentRunLine.state, 'pending')))
    .limit(1)
  if (!waiting) {
    await tx
      .update(paymentRun)
      .set({ state: 'settled', settledAt: now })
      .where(and(eq(paymentRun.id, runId), eq(paymentRun.state, 'open')))
  }
}

/**
 * The bank paid the run: every line still waiting is marked paid and its order moves to `paid`
 * with the seller's e-mail, in one transaction. A second click finds nothing waiting.
 */
export async function markRunPaid(
  db: Db,
  request: { runId: string; manager: Manager; emails: Emails; now?: Date },
): Promise<Marked> {
  if (!isUuid(request.runId)) return { ok: false, reason: 'not-found' }
  const now = request.now ?? new Date()
  return db.transaction(async (tx): Promise<Marked> => {
    if (!(await lockRun(tx, request.runId))) return { ok: false, reason: 'not-found' }
    const lines = await tx
      .update(paymentRunLine)
      .set({ state: 'paid', settledAt: now })
      .where(and(eq(paymentRunLine.runId, request.runId), eq(paymentRunLine.state, 'pending')))
      .returning({ orderId: paymentRunLine.orderId })
    if (!lines.length) return { ok: false, reason: 'nothing-to-mark' }
    for (const line of lines) {
      const moved = await moveInTx(tx, {
        orderId: line.orderId,
        move: 'confirmPayment',
        actor: 'manager',
        actorUserId: request.manager.id,
        expectedStatus: 'paying',
        emails: request.emails,
        now,
      })
      // A line waiting is an order in `paying` (nothing else moves it): anything else is a fault, undone whole.
      if (!moved.ok) throw new Error(`Payment run line for an order no longer paying (${moved.reason}).`)
    }
    await settleIfDone(tx, request.runId, now)
    return { ok: true, marked: lines.length }
  })
}

/**
 * The bank returned or refused one payment: its line is marked failed with the reason, and its
 * order moves to `payment-failed` with the e-mail asking the seller to check their bank details.
 * It is then ready for a later run. A second click finds the line marked already.
 */
export async function markLineFailed(
  db: Db,
  request: { runId: string; lineId: number; reason: string; manager: Manager; emails: Emails; now?: Date },
): Promise<Marked> {
  if (!isUuid(request.runId) || !Number.isSafeInteger(request.lineId)) return { ok: false, reason: 'not-found' }
  const now = request.now ?? new Date()
  return db.transaction(async (tx): Promise<Marked> => {
    if (!(await lockRun(tx, request.runId))) return { ok: false, reason: 'not-found' }
    const [line] = await tx
      .update(paymentRunLine)
      .set({ state: 'failed', failureReason: request.reason, settledAt: now })
      .where(
        and(
          eq(paymentRunLine.id, request.lineId),
          eq(paymentRunLine.runId, request.runId),
          eq(paymentRunLine.state, 'pending'),
        ),
      )
      .returning({ orderId: paymentRunLine.orderId })
    if (!line) return { ok: false, reason: 'nothing-to-mark' }
    const moved = await moveInTx(tx, {
      orderId: line.orderId,
      move: 'failPayment',
      actor: 'manager',
      actorUserId: request.manager.id,
      expectedStatus: 'paying',
      reason: request.reason,
      emails: request.emails,
      now,
    })
    if (!moved.ok) throw new Error(`Payment run line for an order no longer paying (${moved.reason}).`)
    await settleIfDone(tx, request.runId, now)
    return { ok: true, marked: 1 }
  })
}

export type RunSummary = Pick<
  PaymentRunRow,
  'id' | 'reference' | 'createdByName' | 'createdAt' | 'orderCount' | 'totalPence' | 'state'
>

/** The runs, newest first. */
export async function listRuns(db: Pick<Db, 'select'>, limit = 200): Promise<RunSummary[]> {
  return db
    .select({
      id: paymentRun.id,
      reference: paymentRun.reference,
      createdByName: paymentRun.createdByName,
      createdAt: paymentRun.createdAt,
      orderCount: paymentRun.orderCount,
      totalPence: paymentRun.totalPence,
      state: paymentRun.state,
    })
    .from(paymentRun)
    .orderBy(desc(paymentRun.createdAt), desc(paymentRun.id))
    .limit(limit)
}

export type RunLine = Pick<PaymentRunLineRow, 'id' | 'orderId' | 'amountPence' | 'state' | 'failureReason'> & {
  reference: string
  name: string | null
}

export type RunDetail = Omit<PaymentRunRow, 'fileSealed'> & {
  fileHeld: boolean
  lines: RunLine[]
  downloads: Array<{ name: string; at: Date }>
}

/** One run, its lines in the file's order and who downloaded its file; never the file itself. */
export async function getRun(db: Pick<Db, 'select'>, runId: string): Promise<RunDetail | null> {
  if (!isUuid(runId)) return null
  const [run] = await db.select().from(paymentRun).where(eq(paymentRun.id, runId))
  if (!run) return null
  const [lines, downloads] = await Promise.all([
    db
      .select({
        id: paymentRunLine.id,
        orderId: paymentRunLine.orderId,
        amountPence: paymentRunLine.amountPence,
        state: paymentRunLine.state,
        failureReason: paymentRunLine.failureReason,
        reference: sellerOrder.reference,
        name: sellerOrder.name,
      })
      .from(paymentRunLine)
      .innerJoin(sellerOrder, eq(sellerOrder.id, paymentRunLine.orderId))
      .where(eq(paymentRunLine.runId, runId))
      .orderBy(asc(paymentRunLine.id)),
    db
      .select({ name: paymentRunDownload.actorName, at: paymentRunDownload.at })
      .from(paymentRunDownload)
      .where(eq(paymentRunDownload.runId, runId))
      .orderBy(asc(paymentRunDownload.id)),
  ])
  const { fileSealed, ...rest } = run
  return { ...rest, fileHeld: fileSealed !== null, lines, downloads }
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
