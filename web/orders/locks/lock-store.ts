/**
 * Activation-lock holds in the database: staff hold a received order (inside a transaction of
 * their own or another move's), the seller says the lock is removed, staff release it or hold it
 * again, and past the deadline the device is sent back free. Each a guarded change and an event
 * (who, when, why) with its e-mail, in one transaction under the order's row lock.
 */
import 'server-only'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, orderLockHold, sellerOrder, type OrderLockHoldRow } from '@/db/schema'
import { queueEmails } from '@/mail/queue'
import { moveInTx, readInTx, staffName, type Tx } from '@/orders/moves/move-store'
import type { Actor } from '@/orders/record/lifecycle'
import { isUuid } from '@/orders/record/order-values'
import type { OrderMailContext } from '@/orders/record/mail'
import { orderEmails } from '@/orders/record/store'
import { addWorkingDays, type BusinessCalendar } from '@/orders/record/working-days'
import { LOCK_EVENTS } from './lock-input'
import { lockMail } from './lock-mail'

/** What a hold needs from outside a transaction: the editors' deadline, the calendar, the e-mails' words. */
export type LockContext = { lockWorkingDays: number; calendar: BusinessCalendar; mail: OrderMailContext }

type Who = { actor: Actor; actorUserId?: string | null }

export type HoldResult =
  | { ok: true; holdId: string; already: boolean }
  | { ok: false; reason: 'not-found' | 'no-devices' }
  | { ok: false; reason: 'moved'; status: string }

async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({ id: sellerOrder.id, status: sellerOrder.status })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, orderId))
    .for('update')
  return order
}

async function openHold(tx: Pick<Db, 'select'>, orderId: string): Promise<OrderLockHoldRow | undefined> {
  const [hold] = await tx
    .select()
    .from(orderLockHold)
    .where(and(eq(orderLockHold.orderId, orderId), isNull(orderLockHold.endedAt)))
  return hold
}

async function recordLockEvent(tx: Tx, orderId: string, status: string, who: Who, action: string, reason?: string) {
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

async function mailSeller(
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
