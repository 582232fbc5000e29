import 'server-only'
import type { Manager } from './payment-runs'
import { and, eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { paymentRun, paymentRunLine } from '@/db/schema'
import { moveInTx, type Tx } from '@/orders/moves/move-store'
import { isUuid } from '@/orders/record/order-values'
import type { OrderRecord } from '@/orders/record/store'
import type { QueuedMail } from '@/orders/record/mail'

/** What the bank did with a run: every line paid at once, or one line failed; the run settles when none waits. */

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
