import 'server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { payment, paymentEvent, sellerOrder, type PaymentRow } from '@/db/schema'
import { moveInTx, type Tx } from '@/orders/moves/move-store'
import type { QueuedMail } from '@/orders/record/mail'
import type { OrderRecord } from '@/orders/record/store'
import type { PaymentAnswer, PaymentStatus } from '@/payouts/payer'

/**
 * Payments sent through a payer, as rows: each created with its order's move to `paying` in one
 * transaction, its key fixed then (the same on every retry), and every answer applied by a guarded
 * update, so a duplicate webhook, a late read-back or a second instance changes nothing twice.
 */

export type Emails = { paid: (order: OrderRecord) => QueuedMail[]; failed: (order: OrderRecord) => QueuedMail[] }

/** The key a payer sees for an order's nth attempt: the same on every retry of it, new for the next. */
export const idempotencyKey = (orderId: string, attempt: number) => `${orderId}.${attempt}`

/**
 * Moves an order to `paying` (a guarded update and its event) and writes its payment, in one
 * transaction: null when the order moved on first (another instance, a change of bank details).
 */
export async function startPayment(
  db: Db,
  request: {
    orderId: string
    status: string
    payer: string
    amountPence: number
    reference: string
    day: string
    now: Date
  },
): Promise<PaymentRow | null> {
  return db.transaction(async (tx) => {
    const moved = await moveInTx(tx, {
      orderId: request.orderId,
      move: 'sendPayment',
      actor: 'system',
      expectedStatus: request.status,
      reason: 'payment-cutoff',
      now: request.now,
    })
    if (!moved.ok) return null
    const [last] = await tx
      .select({ attempt: sql<number>`coalesce(max(${payment.attempt}), 0)::integer` })
      .from(payment)
      .where(eq(payment.orderId, request.orderId))
    const attempt = (last?.attempt ?? 0) + 1
    const [row] = await tx
      .insert(payment)
      .values({
        orderId: request.orderId,
        attempt,
        idempotencyKey: idempotencyKey(request.orderId, attempt),
        payer: request.payer,
        amountPence: request.amountPence,
        reference: request.reference,
        day: request.day,
        createdAt: request.now,
      })
      .returning()
    return row!
  })
}

/** Where an answer may move a payment from, and the order's move that goes with it. */
const ON_ANSWER: Record<
  Exclude<PaymentStatus, 'accepted'>,
  { from: string[]; order: Record<string, 'settlePayment' | 'rejectPayment' | 'returnPayment'> }
> = {
  settled: { from: ['sending', 'accepted'], order: { paying: 'settlePayment' } },
  rejected: { from: ['sending', 'accepted'], order: { paying: 'rejectPayment' } },
  // A return after it settled reopens a paid order; one before it settled fails it like a rejection.
  returned: { from: ['sending', 'accepted', 'settled'], order: { paying: 'rejectPayment', paid: 'returnPayment' } },
}

export type Applied = 'applied' | 'unchanged' | 'unknown-payment'

/**
 * Applies what a payer said about one of our payments (by our row, or by the payer's id): the
 * payment's state by a guarded update, then the order's move with its event and e-mail, together.
 * A status it has already passed changes nothing.
 */
export async function applyAnswer(
  db: Db,
  target: { paymentId: string } | { payer: string; payerPaymentId: string },
  answer: Pick<PaymentAnswer, 'status' | 'reason'> & { id?: string },
  emails: Emails,
  now = new Date(),
  /** A webhook's event id: applied once; the same id again changes nothing. */
  eventId?: string,
): Promise<Applied> {
  return db.transaction(async (tx): Promise<Applied> => {
    const where =
      'paymentId' in target
        ? eq(payment.id, target.paymentId)
        : and(eq(payment.payer, target.payer), eq(payment.payerPaymentId, target.payerPaymentId))
    const [row] = await tx.select().from(payment).where(where).for('update')
    // Not ours, or not yet known by the payer's id (its webhook outran our note of the id): not recorded, so a retry is applied.
    if (!row) return 'unknown-payment'
    if (eventId !== undefined && !(await firstSightOfEvent(tx, row.payer, eventId))) return 'unchanged'
    if (answer.status === 'accepted') {
      const [accepted] = await tx
        .update(payment)
        .set({ state: 'accepted', payerPaymentId: answer.id ?? row.payerPaymentId, acceptedAt: now, askedAt: now })
        .where(and(eq(payment.id, row.id), eq(payment.state, 'sending')))
        .returning({ id: payment.id })
      return accepted ? 'applied' : 'unchanged'
    }
    const rule = ON_ANSWER[answer.status]
    const [changed] = await tx
      .update(payment)
      .set({
        state: answer.status,
        reason: answer.reason,
        payerPaymentId: row.payerPaymentId ?? answer.id ?? null,
        finishedAt: now,
        askedAt: now,
        ...(row.acceptedAt ? {} : { acceptedAt: now }),
      })
      .where(and(eq(payment.id, row.id), inArray(payment.state, rule.from)))
      .returning({ id: payment.id })
    if (!changed) return 'unchanged'
    await moveOrderFor(tx, row, answer.status, answer.reason, emails, now)
    return 'applied'
  })
}

/** The order's move for a payment's final status, from wherever the order is (an order moved by hand is left be). */
async function moveOrderFor(
  tx: Tx,
  row: PaymentRow,
  status: Exclude<PaymentStatus, 'accepted'>,
  reason: string | null,
  emails: Emails,
  now: Date,
) {
  const [order] = await tx
    .select({ status: sellerOrder.status })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, row.orderId))
    .for('update')
  const move = order ? ON_ANSWER[status].order[order.status] : undefined
  if (!order || !move) return
  const moved = await moveInTx(tx, {
    orderId: row.orderId,
    move,
    actor: 'system',
    expectedStatus: order.status,
    reason: status === 'settled' ? 'bank-confirmed' : (reason ?? status),
    emails: move === 'settlePayment' ? emails.paid : emails.failed,
    now,
  })
  if (!moved.ok) throw new Error(`A payment's ${status} could not move its order (${moved.reason}).`)
}

/** Records a webhook event's id: false when it was applied before (a duplicate, or a replay). */
export async function firstSightOfEvent(db: Db | Tx, payer: string, eventId: string): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvent)
    .values({ payer, eventId })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvent.eventId })
  return inserted.length > 0
}

/** Marks a payment asked about now (a resend or a read that found nothing final). */
export async function markAsked(db: Db, paymentId: string, now: Date) {
  await db.update(payment).set({ askedAt: now }).where(eq(payment.id, paymentId))
}
