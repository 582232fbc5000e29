/**
 * A manager clears a register caution they looked up: the device keeps who, when, why and the
 * certificate cleared, the order's history says so, in one transaction under the order's lock.
 */
import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, sellerOrder } from '@/db/schema'
import { staffName } from '@/orders/moves/move-store'
import { isUuid } from '@/orders/record/order-values'
import { CLEARABLE_STATUSES, HOLD_EVENTS } from './hold-input'

export type ClearResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' | 'not-allowed' | 'already-cleared' }
  | { ok: false; reason: 'moved'; status: string }

/**
 * Clears the caution on `itemId`, only while the register's answer for it is still a caution with
 * `certificate` and nobody cleared that certificate yet: a replayed form, a second manager, or an
 * answer that changed since the page was drawn changes nothing.
 */
export async function clearCaution(
  db: Db,
  request: {
    orderId: string
    itemId: string
    certificate: string
    reason: string
    manager: { id: string; role: 'staff' | 'manager' }
    now?: Date
  },
): Promise<ClearResult> {
  if (request.manager.role !== 'manager') return { ok: false, reason: 'not-allowed' }
  if (!isUuid(request.orderId) || !isUuid(request.itemId)) return { ok: false, reason: 'not-found' }
  return db.transaction(async (tx): Promise<ClearResult> => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, request.orderId))
      .for('update')
    if (!order) return { ok: false, reason: 'not-found' }
    if (!(CLEARABLE_STATUSES as readonly string[]).includes(order.status))
      return { ok: false, reason: 'moved', status: order.status }
    const now = request.now ?? new Date()
    const [cleared] = await tx
      .update(orderItem)
      .set({
        cautionClearedAt: now,
        cautionClearedBy: request.manager.id,
        cautionClearedReason: request.reason,
        cautionClearedCertificate: request.certificate,
      })
      .where(
        and(
          eq(orderItem.id, request.itemId),
          eq(orderItem.orderId, request.orderId),
          eq(orderItem.registerResult, 'caution'),
          eq(orderItem.registerCertificate, request.certificate),
          sql`${orderItem.cautionClearedCertificate} is distinct from ${request.certificate}`,
        ),
      )
      .returning({ device: orderItem.device })
    if (!cleared) return { ok: false, reason: 'already-cleared' }
    await tx.insert(orderEvent).values({
      orderId: request.orderId,
      actor: 'manager',
      actorUserId: request.manager.id,
      actorName: await staffName(tx, 'manager', request.manager.id),
      action: HOLD_EVENTS.clearCaution,
      fromStatus: order.status,
      toStatus: order.status,
      reason: `${cleared.device}, ${request.certificate}: ${request.reason}`,
    })
    return { ok: true }
  })
}
