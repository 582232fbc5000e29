/**
 * Activation-lock holds after they begin (web/orders/lock-hold/lock-hold.ts holds them): the seller
 * says the lock is removed, staff release it, and past the deadline the device is sent back free.
 * Each a guarded change and an event (who, when, why) with its e-mail, in one transaction under
 * the order's row lock.
 */
import 'server-only'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderLockHold } from '@/db/schema'
import { moveInTx } from '@/orders/moves/move-store'
import { isUuid } from '@/orders/record/order-values'
import { lockOrder, mailSeller, openHold, recordLockEvent, type LockContext } from '@/orders/lock-hold/lock-hold'
import { LOCK_EVENTS } from '@/orders/lock-hold/lock-names'
import { lockMail } from '@/orders/lock-hold/lock-mail'

export type LockAnswer = { ok: true; already: boolean } | { ok: false; reason: 'not-found' | 'not-held' }

/**
 * The seller says the lock is removed, from the order their signed link opened (`orderId`, never
 * from the form): only the hold still open on that order, once. Another order's hold, one that has
 * ended, or a second press change nothing; the press puts the order back before staff to check.
 */
export async function sellerRemovedLock(
  db: Db,
  request: { orderId: string; holdId: string; actorUserId?: string | null; now?: Date },
): Promise<LockAnswer> {
  if (!isUuid(request.orderId) || !isUuid(request.holdId)) return { ok: false, reason: 'not-held' }
  return db.transaction(async (tx): Promise<LockAnswer> => {
    const order = await lockOrder(tx, request.orderId)
    if (!order) return { ok: false, reason: 'not-found' }
    const hold = await openHold(tx, request.orderId)
    if (!hold || hold.id !== request.holdId || order.status !== 'received') return { ok: false, reason: 'not-held' }
    if (hold.removedAt) return { ok: true, already: true }
    await tx
      .update(orderLockHold)
      .set({ removedAt: request.now ?? new Date() })
      .where(eq(orderLockHold.id, hold.id))
    await recordLockEvent(
      tx,
      request.orderId,
      order.status,
      { actor: 'seller', actorUserId: request.actorUserId },
      LOCK_EVENTS.removed,
    )
    return { ok: true, already: false }
  })
}

/**
 * Staff release the hold they saw (`holdId`): the lock is off, the check carries on. A hold ended
 * since (released by someone else, sent back, held again) is not released by a stale form.
 */
export async function releaseLockHold(
  db: Db,
  request: { orderId: string; holdId: string; actor: 'staff' | 'manager'; actorUserId: string; now?: Date },
): Promise<LockAnswer> {
  if (!isUuid(request.orderId) || !isUuid(request.holdId)) return { ok: false, reason: 'not-held' }
  return db.transaction(async (tx): Promise<LockAnswer> => {
    const order = await lockOrder(tx, request.orderId)
    if (!order) return { ok: false, reason: 'not-found' }
    const [ended] = await tx
      .update(orderLockHold)
      .set({ endedAt: request.now ?? new Date(), endedHow: 'released', endedBy: request.actorUserId })
      .where(
        and(
          eq(orderLockHold.id, request.holdId),
          eq(orderLockHold.orderId, request.orderId),
          isNull(orderLockHold.endedAt),
        ),
      )
      .returning({ id: orderLockHold.id })
    if (!ended) return { ok: false, reason: 'not-held' }
    await recordLockEvent(tx, request.orderId, order.status, request, LOCK_EVENTS.release)
    return { ok: true, already: false }
  })
}

/** The hold on an order now, if any, with who held it: what the staff page and the seller's show. */
export async function lockHoldOf(db: Pick<Db, 'select'>, orderId: string) {
  if (!isUuid(orderId)) return null
  return (await openHold(db, orderId)) ?? null
}

/**
 * What the clock owes the holds at `now`: a reminder a working day before the deadline, once; and
 * past it, with the seller not having said the lock is removed, the device sent back free (the
 * `returnLocked` move, with its e-mail), once. A hold whose order moved on otherwise just ends.
 * Each step is guarded in its own transaction, so two runs at once still do each once.
 */
export async function applyLockDeadlines(
  db: Db,
  context: LockContext,
  now = new Date(),
): Promise<{ reminded: number; returned: number }> {
  let reminded = 0
  let returned = 0
  const due = await db
    .select({ id: orderLockHold.id, orderId: orderLockHold.orderId })
    .from(orderLockHold)
    .where(
      and(
        isNull(orderLockHold.endedAt),
        isNull(orderLockHold.removedAt),
        sql`(${orderLockHold.deadline} <= ${now} or (${orderLockHold.remindAt} <= ${now} and ${orderLockHold.remindedAt} is null))`,
      ),
    )
    .orderBy(asc(orderLockHold.deadline))
    .limit(200)
  for (const { id, orderId } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId)
      const [hold] = await tx
        .select()
        .from(orderLockHold)
        .where(and(eq(orderLockHold.id, id), isNull(orderLockHold.endedAt), isNull(orderLockHold.removedAt)))
      if (!order || !hold) return null
      if (hold.deadline <= now) {
        await tx
          .update(orderLockHold)
          .set({ endedAt: now, endedHow: order.status === 'received' ? 'returned' : 'moved' })
          .where(eq(orderLockHold.id, id))
        if (order.status !== 'received') return null
        const moved = await moveInTx(tx, {
          orderId,
          move: 'returnLocked',
          actor: 'system',
          expectedStatus: 'received',
          reason: 'lock-deadline-passed',
          now,
          emails: (current) => lockMail('lockReturned', current, hold, context.mail),
        })
        return moved.ok ? 'returned' : null
      }
      if (hold.remindAt > now || hold.remindedAt || order.status !== 'received') return null
      await tx.update(orderLockHold).set({ remindedAt: now }).where(eq(orderLockHold.id, id))
      await recordLockEvent(tx, orderId, order.status, { actor: 'system' }, LOCK_EVENTS.reminder)
      await mailSeller(tx, orderId, 'lockReminder', hold, context)
      return 'reminded'
    })
    if (done === 'returned') returned++
    if (done === 'reminded') reminded++
  }
  return { reminded, returned }
}
