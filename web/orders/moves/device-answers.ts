import 'server-only'
import { moveInTx, readInTx, staffName } from './move-store'
import { and, eq, isNull } from 'drizzle-orm'
import { queueEmails } from '@/mail/queue'
import type { MailMessage } from '@/mail/send'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, sellerOrder } from '@/db/schema'
import { RETURN_DECLINED } from './admin-input'
import { type OrderStatus } from '@/orders/record/lifecycle'
import { isUuid, offerOutcome, RETURNS_DECLINED_FROM, type OfferAnswer } from '@/orders/record/order-values'
import { orderEmails, type OrderRecord } from '@/orders/record/store'

/** The seller's answers to revised prices, device by device, and the return of the declined devices: each a guarded move with its event. */

export type AnswerResult =
  | { ok: true; answered: number; moved: OrderStatus | null }
  | { ok: false; reason: 'not-found' | 'unknown-item' }
  | { ok: false; reason: 'moved'; status: string }

/**
 * The seller's answer to the new price of one or more devices of a revised offer (or, at its
 * deadline, the system's for those left unanswered), in one transaction that locks the order.
 * Each device is answered once: an answer sent twice, or after another, changes nothing. Each
 * answer is an event in the history; once the last revised device is answered, the order moves
 * (accepted, worth what is kept, or returning when every device was declined) with its event.
 */
export async function answerDevices(
  db: Db,
  request: {
    orderId: string
    answers: Array<{ itemId: string; answer: OfferAnswer }>
    actor: 'seller' | 'system'
    actorUserId?: string | null
    reason?: string | null
  },
): Promise<AnswerResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  if (!request.answers.every(({ itemId }) => isUuid(itemId))) return { ok: false, reason: 'unknown-item' }
  return db.transaction(async (tx): Promise<AnswerResult> => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, request.orderId))
      .for('update')
    if (!order) return { ok: false, reason: 'not-found' }
    if (order.status !== 'revised') return { ok: false, reason: 'moved', status: order.status }
    const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, request.orderId))
    if (
      !request.answers.every(({ itemId }) =>
        items.some((item) => item.id === itemId && item.revisedPricePence !== null),
      )
    ) {
      return { ok: false, reason: 'unknown-item' }
    }
    let answered = 0
    for (const { itemId, answer } of request.answers) {
      // Guarded: a device already answered keeps its first answer.
      const [changed] = await tx
        .update(orderItem)
        .set({ offerAnswer: answer, offerAnsweredAt: new Date() })
        .where(and(eq(orderItem.id, itemId), eq(orderItem.orderId, request.orderId), isNull(orderItem.offerAnswer)))
        .returning({ device: orderItem.device })
      if (!changed) continue
      answered++
      await tx.insert(orderEvent).values({
        orderId: request.orderId,
        actor: request.actor,
        actorUserId: request.actorUserId ?? null,
        action: answer === 'accept' ? 'accept-device' : 'decline-device',
        fromStatus: 'revised',
        toStatus: 'revised',
        reason: request.reason ? `${changed.device}: ${request.reason}` : changed.device,
      })
    }
    const outcome = offerOutcome(await tx.select().from(orderItem).where(eq(orderItem.orderId, request.orderId)))
    if (!answered || !outcome) return { ok: true, answered, moved: null }
    const moved = await moveInTx(tx, {
      orderId: request.orderId,
      move: outcome.move,
      actor: request.actor,
      actorUserId: request.actorUserId,
      expectedStatus: 'revised',
      reason: request.reason,
      set: outcome.totalPence === null ? undefined : { totalPence: outcome.totalPence },
    })
    return { ok: true, answered, moved: moved.ok ? moved.to : null }
  })
}

export type ReturnDeclinedResult =
  | { ok: true; returned: number }
  | { ok: false; reason: 'not-found' | 'none-to-return' }
  | { ok: false; reason: 'wrong-status'; status: string }

/**
 * Staff post back the devices a seller declined in an order they otherwise accepted: the tracking
 * number on each declined device not yet posted, one event, and the seller's e-mail, in one
 * transaction that locks the order. Nothing left to post (a second click, none declined) changes
 * nothing; neither does an order anywhere else in its life.
 */
export async function returnDeclinedDevices(
  db: Db,
  request: {
    orderId: string
    actor: 'staff' | 'manager'
    actorUserId: string
    tracking: string
    emails?: (order: OrderRecord) => Array<MailMessage & { kind: string }>
  },
): Promise<ReturnDeclinedResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction(async (tx): Promise<ReturnDeclinedResult> => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, request.orderId))
      .for('update')
    if (!order) return { ok: false, reason: 'not-found' }
    if (!RETURNS_DECLINED_FROM.includes(order.status))
      return { ok: false, reason: 'wrong-status', status: order.status }
    const returned = await tx
      .update(orderItem)
      .set({ returnTracking: request.tracking, returnedAt: new Date() })
      .where(
        and(eq(orderItem.orderId, request.orderId), eq(orderItem.offerAnswer, 'decline'), isNull(orderItem.returnedAt)),
      )
      .returning({ id: orderItem.id })
    if (!returned.length) return { ok: false, reason: 'none-to-return' }
    await tx.insert(orderEvent).values({
      orderId: request.orderId,
      actor: request.actor,
      actorUserId: request.actorUserId,
      actorName: await staffName(tx, request.actor, request.actorUserId),
      action: RETURN_DECLINED.event,
      fromStatus: order.status,
      toStatus: order.status,
      reason: null,
    })
    if (request.emails) {
      const full = await readInTx(tx, request.orderId)
      if (full?.email) await queueEmails(tx, orderEmails(request.orderId, request.emails(full)))
    }
    return { ok: true, returned: returned.length }
  })
}
