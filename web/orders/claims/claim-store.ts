/**
 * Claims on orders: a member of staff takes an order to work on, until a time the editors set, and
 * gives it back; a manager can give back anyone's. Each a guarded update with its event, in one
 * transaction, so two people claiming at once never both hold it.
 */
import 'server-only'
import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, sellerOrder, user } from '@/db/schema'
import { staffName } from '@/orders/moves/move-store'
import { isUuid } from '@/orders/record/order-values'
import { CLAIM_EVENTS } from './claim-input'

export type ClaimStaff = { id: string; role: 'staff' | 'manager' }

export type ClaimResult =
  | { ok: true; until: Date }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'taken'; name: string | null; until: Date }

export type ReleaseResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' | 'not-claimed' }
  | { ok: false; reason: 'not-yours'; name: string | null }

const HOUR_MS = 3600 * 1000

/** Nobody holds the order: never claimed, given back, or past its time. */
const free = (now: Date) => or(isNull(sellerOrder.claimedBy), lte(sellerOrder.claimedUntil, now))

/**
 * Claims the order for `staff` for `hours` from `now`: only while nobody else holds it (their own
 * claim is renewed). The second of two at once finds the first's claim and is told whose it is.
 */
export async function claimOrder(
  db: Db,
  request: { orderId: string; staff: ClaimStaff; hours: number; now?: Date },
): Promise<ClaimResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  const now = request.now ?? new Date()
  const until = new Date(now.getTime() + request.hours * HOUR_MS)
  return db.transaction(async (tx): Promise<ClaimResult> => {
    // The order's row first, as every store here does: two claims at once queue on it, and the
    // second reads the first's claim once it is committed.
    const [order] = await tx
      .select({ id: sellerOrder.id })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, request.orderId))
      .for('update')
    if (!order) return { ok: false, reason: 'not-found' }
    const [claimed] = await tx
      .update(sellerOrder)
      .set({ claimedBy: request.staff.id, claimedUntil: until })
      .where(and(eq(sellerOrder.id, request.orderId), or(free(now), eq(sellerOrder.claimedBy, request.staff.id))))
      .returning({ status: sellerOrder.status })
    if (!claimed) {
      const [holder] = await tx
        .select({ name: user.name, until: sellerOrder.claimedUntil })
        .from(sellerOrder)
        .leftJoin(user, eq(user.id, sellerOrder.claimedBy))
        .where(eq(sellerOrder.id, request.orderId))
      if (!holder) return { ok: false, reason: 'not-found' }
      return { ok: false, reason: 'taken', name: holder.name, until: holder.until ?? now }
    }
    await tx.insert(orderEvent).values({
      orderId: request.orderId,
      at: now,
      actor: request.staff.role,
      actorUserId: request.staff.id,
      actorName: await staffName(tx, request.staff.role, request.staff.id),
      action: CLAIM_EVENTS.claim,
      fromStatus: claimed.status,
      toStatus: claimed.status,
    })
    return { ok: true, until }
  })
}

/**
 * Gives the order back: one's own claim, or (a manager only) anyone's. A claim past its time is
 * already free, so there is nothing to give back; the history names whose claim a manager ended.
 */
export async function releaseClaim(
  db: Db,
  request: { orderId: string; staff: ClaimStaff; now?: Date },
): Promise<ReleaseResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  const now = request.now ?? new Date()
  return db.transaction(async (tx): Promise<ReleaseResult> => {
    const [order] = await tx
      .select({ status: sellerOrder.status, claimedBy: sellerOrder.claimedBy, until: sellerOrder.claimedUntil })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, request.orderId))
      .for('update')
    if (!order) return { ok: false, reason: 'not-found' }
    if (!order.claimedBy || !order.until || order.until <= now) return { ok: false, reason: 'not-claimed' }
    const holderName = await staffName(tx, 'staff', order.claimedBy)
    if (order.claimedBy !== request.staff.id && request.staff.role !== 'manager')
      return { ok: false, reason: 'not-yours', name: holderName }
    const [released] = await tx
      .update(sellerOrder)
      .set({ claimedBy: null, claimedUntil: null })
      .where(
        and(
          eq(sellerOrder.id, request.orderId),
          eq(sellerOrder.claimedBy, order.claimedBy),
          isNotNull(sellerOrder.claimedUntil),
        ),
      )
      .returning({ id: sellerOrder.id })
    if (!released) return { ok: false, reason: 'not-claimed' }
    await tx.insert(orderEvent).values({
      orderId: request.orderId,
      at: now,
      actor: request.staff.role,
      actorUserId: request.staff.id,
      actorName: await staffName(tx, request.staff.role, request.staff.id),
      action: CLAIM_EVENTS.release,
      fromStatus: order.status,
      toStatus: order.status,
      reason: order.claimedBy === request.staff.id ? null : holderName,
    })
    return { ok: true }
  })
}

export type Claim = { userId: string; name: string | null; until: Date }

/** Who holds the order now, and until when; null when nobody does (a claim past its time holds nothing). */
export async function claimOf(db: Db, orderId: string, now = new Date()): Promise<Claim | null> {
  if (!isUuid(orderId)) return null
  const [row] = await db
    .select({ userId: sellerOrder.claimedBy, name: user.name, until: sellerOrder.claimedUntil })
    .from(sellerOrder)
    .leftJoin(user, eq(user.id, sellerOrder.claimedBy))
    .where(eq(sellerOrder.id, orderId))
  if (!row?.userId || !row.until || row.until <= now) return null
  return { userId: row.userId, name: row.name, until: row.until }
}
