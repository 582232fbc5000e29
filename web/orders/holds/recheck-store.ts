/**
 * A held order's devices checked against the register again: every answer and certificate kept on
 * its device and the history told, in one transaction under the order's lock, once per form seen.
 */
import 'server-only'
import { and, count, eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, sellerOrder } from '@/db/schema'
import { staffName } from '@/orders/moves/move-store'
import { isUuid } from '@/orders/record/order-values'
import type { RegisterFields } from '@/register/checks'
import { HOLD_EVENTS } from './hold-input'

export type RecheckResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' | 'already-checked' | 'register-down' }
  | { ok: false; reason: 'moved'; status: string }

/** How many times an order's devices were checked again: what a recheck form carries as `seen`. */
export async function rechecksOf(db: Pick<Db, 'select'>, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, HOLD_EVENTS.recheck)))
  return row?.n ?? 0
}

/**
 * Records the register's new answer for every device of a quarantined order (`answers`, in the
 * order's devices' order, each with its item id). Only while the order is still quarantined and
 * nobody checked it again since the form was drawn (`seen` rechecks): a double click records once.
 * A device the register did not answer for records nothing at all: staff ask again.
 */
export async function recordRecheck(
  db: Db,
  request: {
    orderId: string
    seen: number
    answers: Array<{ itemId: string; device: string; set: RegisterFields }>
    actor: 'staff' | 'manager'
    actorUserId: string
  },
): Promise<RecheckResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction(async (tx): Promise<RecheckResult> => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, request.orderId))
      .for('update')
    if (!order) return { ok: false, reason: 'not-found' }
    if (order.status !== 'quarantined') return { ok: false, reason: 'moved', status: order.status }
    if ((await rechecksOf(tx, request.orderId)) !== request.seen) return { ok: false, reason: 'already-checked' }
    if (!request.answers.length || request.answers.some(({ set }) => set.registerResult === 'waiting'))
      return { ok: false, reason: 'register-down' }
    for (const { itemId, set } of request.answers) {
      await tx
        .update(orderItem)
        .set(set)
        .where(and(eq(orderItem.id, itemId), eq(orderItem.orderId, request.orderId)))
    }
    await tx.insert(orderEvent).values({
      orderId: request.orderId,
      actor: request.actor,
      actorUserId: request.actorUserId,
      actorName: await staffName(tx, request.actor, request.actorUserId),
      action: HOLD_EVENTS.recheck,
      fromStatus: order.status,
      toStatus: order.status,
      reason: request.answers
        .map(({ device, set }) => `${device}: ${set.registerResult} ${set.registerCertificate ?? ''}`.trim())
        .join('; '),
    })
    return { ok: true }
  })
}
