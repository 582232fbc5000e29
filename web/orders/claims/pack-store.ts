/**
 * Postage packs marked posted: the orders chosen that asked for a pack and whose pack is not yet
 * marked get the time it was posted and an event each, in one transaction. Marked twice, nothing
 * more happens.
 */
import 'server-only'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, sellerOrder } from '@/db/schema'
import { staffName } from '@/orders/moves/move-store'
import { isUuid } from '@/orders/record/order-values'
import { PACK_POSTED_EVENT } from './claim-input'
import type { ClaimStaff } from './claim-store'

/** Most orders one bulk form marks: a page of the staff list, with room to spare. */
export const PACKS_AT_ONCE = 200

/** Marks the packs of `orderIds` posted; answers how many were marked now (0: all were already). */
export async function markPacksPosted(
  db: Db,
  request: { orderIds: string[]; staff: ClaimStaff; now?: Date },
): Promise<{ marked: number }> {
  const ids = [...new Set(request.orderIds.filter(isUuid))].slice(0, PACKS_AT_ONCE)
  if (!ids.length) return { marked: 0 }
  const now = request.now ?? new Date()
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(sellerOrder)
      .set({ postagePackPostedAt: now })
      .where(
        and(inArray(sellerOrder.id, ids), eq(sellerOrder.postagePack, true), isNull(sellerOrder.postagePackPostedAt)),
      )
      .returning({ id: sellerOrder.id, status: sellerOrder.status })
    if (!marked.length) return { marked: 0 }
    const actorName = await staffName(tx, request.staff.role, request.staff.id)
    await tx.insert(orderEvent).values(
      marked.map((order) => ({
        orderId: order.id,
        at: now,
        actor: request.staff.role,
        actorUserId: request.staff.id,
        actorName,
        action: PACK_POSTED_EVENT,
        fromStatus: order.status,
        toStatus: order.status,
      })),
    )
    return { marked: marked.length }
  })
}
