/**
 * Retention of identity photos that never met a verdict (a verdict deletes its photo at once): a
 * photo goes when its order ends (cancelled, sent back, expired) or the editors' days after it was
 * sent. Each removal is a guarded update with its system event, in one transaction.
 */
import 'server-only'
import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderIdentityCheck, sellerOrder } from '@/db/schema'
import type { OrderStatus } from '@rules/order-statuses'
import { IDENTITY_EVENTS } from './identity-actions'

/** Orders that will never be paid: a photo kept for them proves nothing anyone needs. */
export const IDENTITY_ENDED_STATUSES: readonly OrderStatus[] = ['cancelled', 'returned', 'expired']

const DAY_MS = 24 * 3600 * 1000
const BATCH = 500

/** Unchecked photos due to go at `now`: their order ended, or sent more than `days` ago. */
export async function identityPhotosDue(db: Db, now: Date, days: number): Promise<string[]> {
  const rows = await db
    .select({ orderId: orderIdentityCheck.orderId })
    .from(orderIdentityCheck)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderIdentityCheck.orderId))
    .where(
      and(
        isNotNull(orderIdentityCheck.image),
        isNull(orderIdentityCheck.verifiedAt),
        or(
          lte(orderIdentityCheck.uploadedAt, new Date(now.getTime() - days * DAY_MS)),
          inArray(sellerOrder.status, [...IDENTITY_ENDED_STATUSES]),
        ),
      ),
    )
    .limit(BATCH)
  return rows.map((row) => row.orderId)
}

/**
 * Deletes one order's unchecked photo (only while it is there and unchecked), and on an order that
 * ended its link too, with the system's event. False when there was nothing to delete.
 */
export async function removeIdentityPhoto(db: Db, orderId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, orderId))
      .for('update')
    if (!order) return false
    const ended = IDENTITY_ENDED_STATUSES.includes(order.status as OrderStatus)
    const [removed] = await tx
      .update(orderIdentityCheck)
      .set({ image: null, ...(ended ? { tokenHash: null } : {}) })
      .where(
        and(
          eq(orderIdentityCheck.orderId, orderId),
          isNotNull(orderIdentityCheck.image),
          isNull(orderIdentityCheck.verifiedAt),
        ),
      )
      .returning({ id: orderIdentityCheck.id })
    if (!removed) return false
    await tx.insert(orderEvent).values({
      orderId,
      at: now,
      actor: 'system',
      action: IDENTITY_EVENTS.photoRemoved,
      fromStatus: order.status,
      toStatus: order.status,
      reason: ended ? 'order-ended' : 'not-checked-in-time',
    })
    return true
  })
}

/** Every unchecked photo due at `now`; answers how many went. */
export async function applyIdentityRetention(db: Db, now: Date, days: number): Promise<number> {
  let removed = 0
  for (const orderId of await identityPhotosDue(db, now, days)) {
    if (await removeIdentityPhoto(db, orderId, now)) removed++
  }
  return removed
}
