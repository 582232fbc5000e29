/**
 * Holding an order for an activation lock, in the database: inside the caller's transaction (the
 * check that found the lock, or the lock panel's own), the hold, its event and the seller's e-mail
 * of how to remove it commit together under the order's row lock. Below the lock panel's room
 * (web/orders/locks/), which answers the seller's press, releases and runs the deadlines.
 */
import 'server-only'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, orderLockHold, sellerOrder, type OrderLockHoldRow } from '@/db/schema'
import { queueEmails } from '@/mail/queue'
import type { Actor } from '@/orders/record/lifecycle'
import { isUuid } from '@/orders/record/order-values'
import type { OrderMailContext } from '@/orders/record/mail'
import { orderEmails } from '@/orders/record/store'
import { addWorkingDays, type BusinessCalendar } from '@/orders/record/working-days'
import { readInTx, staffName, type Tx } from '@/orders/moves/move-store'
import { LOCK_EVENTS } from './lock-names'
import { lockMail } from './lock-mail'

/** What a hold needs from outside a transaction: the editors' deadline, the calendar, the e-mails' words. */
export type LockContext = { lockWorkingDays: number; calendar: BusinessCalendar; mail: OrderMailContext }

export type Who = { actor: Actor; actorUserId?: string | null }

export type HoldResult =
  | { ok: true; holdId: string; already: boolean }
  | { ok: false; reason: 'not-found' | 'no-devices' }
  | { ok: false; reason: 'moved'; status: string }

/** The order's row, locked for the rest of the transaction. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({ id: sellerOrder.id, status: sellerOrder.status })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, orderId))
    .for('update')
  return order
}

/** The hold still open on an order, if any. */
export async function openHold(tx: Pick<Db, 'select'>, orderId: string): Promise<OrderLockHoldRow | undefined> {
  const [hold] = await tx
    .select()
    .from(orderLockHold)
    .where(and(eq(orderLockHold.orderId, orderId), isNull(orderLockHold.endedAt)))
  return hold
}

/** A lock event in the order's history: the status stays, the actor is named. */
export async function recordLockEvent(
  tx: Tx,
  orderId: string,
  status: string,
  who: Who,
  action: string,
  reason?: string,
) {
  await tx.insert(orderEvent).values({
    orderId,
    actor: who.actor,
    actorUserId: who.actorUserId ?? null,
    actorName: await staffName(tx, who.actor, who.actorUserId),
    action,
    fromStatus: status,
    toStatus: status,
    reason: reason ?? null,
  })
}

/** The seller's lock e-mail of `kind`, queued in the transaction. */
export async function mailSeller(
  tx: Tx,
  orderId: string,
  kind: Parameters<typeof lockMail>[0],
  hold: OrderLockHoldRow,
  context: LockContext,
) {
  const order = await readInTx(tx, orderId)
  if (order?.email) await queueEmails(tx, orderEmails(orderId, lockMail(kind, order, hold, context.mail)))
}

/**
 * Holds a received order for an activation lock on `itemIds` (its own devices), inside the caller's
 * transaction: the hold, its event and the seller's e-mail (how to remove the lock, and the button
 * to say so) all commit or none. Held already and the seller has not answered: nothing changes
 * (a repeat). Held and the seller says the lock is removed: staff found it still on, so that hold
 * ends and a new one begins, with its own deadline and e-mail.
 */
export async function holdForLockInTx(
  tx: Tx,
  request: Who & { orderId: string; itemIds: string[]; reason?: string | null; now?: Date },
  context: LockContext,
): Promise<HoldResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  const order = await lockOrder(tx, request.orderId)
  if (!order) return { ok: false, reason: 'not-found' }
  if (order.status !== 'received') return { ok: false, reason: 'moved', status: order.status }
  const wanted = [...new Set(request.itemIds)].filter(isUuid)
  const devices = wanted.length
    ? await tx
        .select({ id: orderItem.id })
        .from(orderItem)
        .where(and(eq(orderItem.orderId, request.orderId), inArray(orderItem.id, wanted)))
        .orderBy(asc(orderItem.position))
    : []
  if (!devices.length || devices.length !== new Set(request.itemIds).size) return { ok: false, reason: 'no-devices' }
  const now = request.now ?? new Date()
  const current = await openHold(tx, request.orderId)
  if (current && !current.removedAt) return { ok: true, holdId: current.id, already: true }
  if (current) {
    await tx
      .update(orderLockHold)
      .set({ endedAt: now, endedHow: 'held-again', endedBy: request.actorUserId ?? null })
      .where(eq(orderLockHold.id, current.id))
  }
  const [hold] = await tx
    .insert(orderLockHold)
    .values({
      orderId: request.orderId,
      itemIds: devices.map(({ id }) => id),
      heldAt: now,
      heldBy: request.actorUserId ?? null,
      deadline: addWorkingDays(now, context.lockWorkingDays, context.calendar),
      remindAt: addWorkingDays(now, Math.max(context.lockWorkingDays - 1, 1), context.calendar),
    })
    .returning()
  await recordLockEvent(tx, request.orderId, order.status, request, LOCK_EVENTS.hold, request.reason ?? undefined)
  await mailSeller(tx, request.orderId, 'lockHeld', hold!, context)
  return { ok: true, holdId: hold!.id, already: false }
}

/** holdForLockInTx in a transaction of its own. */
export function holdForLock(db: Db, request: Parameters<typeof holdForLockInTx>[1], context: LockContext) {
  return db.transaction((tx) => holdForLockInTx(tx, request, context))
}
