import 'server-only'
import { and, asc, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import { queueEmails } from '@/mail/queue'
import type { MailMessage } from '@/mail/send'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, sellerOrder, user, type OrderItemRow } from '@/db/schema'
import { allowedMove, waitsForPayoutHold, type Actor, type MoveName, type OrderStatus } from '@/orders/record/lifecycle'
import { isUuid } from '@/orders/record/order-values'
import { photosOf } from '@/orders/photos/photo-store'
import { identityWaiting, noIdentityWaiting } from './identity-condition'
import { noUnapprovedRise } from './rise-condition'
import { orderEmails, type OrderRecord } from '@/orders/record/store'

/**
 * What happens to an order after it is placed: its moves through the lifecycle and the events
 * beside them, each in one transaction with its e-mails. web/orders/record/store.ts places and reads.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type MoveRequest = {
  orderId: string
  move: MoveName
  actor: Actor
  actorUserId?: string | null
  /** The status the actor saw: if the order has moved on since, nothing changes. */
  expectedStatus: string
  reason?: string | null
  /** Columns the move sets on the order, such as a revised offer's deadline. */
  set?: Partial<Pick<typeof sellerOrder.$inferInsert, 'offerDeadline' | 'returnTracking' | 'totalPence'>>
  /** Per-device changes the move records, such as the check's findings or a revised price. */
  items?: Array<{ id: string; set: Partial<OrderItemRow> }>
  /** The e-mails the move sends, from the order as it is after the move. */
  emails?: (order: OrderRecord) => Array<MailMessage & { kind: string }>
  /** The time the move is judged at (a payout hold ends then): now, unless a test says otherwise. */
  now?: Date
  /** The history's name for the move, when it is made as part of something else (a rise approved). */
  action?: string
  /**
   * A condition on the order's row the move also needs, checked in the update itself (a hold released
   * only while every device has passed: hold-guards.ts), so nothing committed meanwhile slips past it.
   */
  guard?: SQL
}

export type MoveResult =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  | { ok: false; reason: 'not-found' | 'not-allowed' }
  | { ok: false; reason: 'moved' | 'wrong-status'; status: string }
  /** Bank details changed lately: nobody pays before `until`. */
  | { ok: false; reason: 'payout-held'; until: Date }
  /** A price above the quote that no manager approved: never offered, never paid. */
  | { ok: false; reason: 'rise-unapproved' }
  /** Proof of identity was asked and staff have not seen it: never paid. */
  | { ok: false; reason: 'identity-unseen' }
  /** The order is where the actor saw it, but the move's guard does not hold. */
  | { ok: false; reason: 'guard-refused' }

/**
 * The only way an order's status changes: the table allows the move, and a conditional update
 * applies it only if the order is still where the actor saw it (two staff clicking at once: one
 * wins, the other is told where it went), with its event and e-mails in the same transaction.
 */
export async function moveOrder(db: Db, request: MoveRequest): Promise<MoveResult> {
  const check = allowedMove(request.expectedStatus, request.move, request.actor)
  if (!check.ok && check.reason === 'not-allowed') return { ok: false, reason: 'not-allowed' }
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction((tx) => moveInTx(tx, request))
}

/** moveOrder's guarded update, event and e-mails, inside a transaction the caller holds. */
export async function moveInTx(tx: Tx, request: MoveRequest): Promise<MoveResult> {
  const check = allowedMove(request.expectedStatus, request.move, request.actor)
  if (!check.ok && check.reason === 'not-allowed') return { ok: false, reason: 'not-allowed' }
  const now = request.now ?? new Date()
  if (check.ok && (await offersUnapprovedRise(tx, request))) return { ok: false, reason: 'rise-unapproved' }
  // In the update's own condition: a change of bank details that commits first holds this payment,
  // and nothing pays a price rise that no manager approved.
  // A guard reads the order's devices, which a row lock on the order does not cover: the order is
  // locked first, so the update's own statement reads them as committed by whoever held it before
  // (read committed reads other tables as of the statement's start, not as of the lock).
  if (check.ok && request.guard)
    await tx.select({ id: sellerOrder.id }).from(sellerOrder).where(eq(sellerOrder.id, request.orderId)).for('update')
  const paying = waitsForPayoutHold(request.move)
  const notHeld = paying
    ? and(
        or(isNull(sellerOrder.payoutHeldUntil), lte(sellerOrder.payoutHeldUntil, now)),
        noUnapprovedRise,
        noIdentityWaiting,
      )
    : undefined
  const [moved] = check.ok
    ? await tx
        .update(sellerOrder)
        .set({ ...request.set, status: check.to, statusSince: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(sellerOrder.id, request.orderId),
            eq(sellerOrder.status, request.expectedStatus),
            notHeld,
            request.guard,
          ),
        )
        .returning({ id: sellerOrder.id })
    : []
  if (!moved) {
    const [current] = await tx
      .select({ status: sellerOrder.status, heldUntil: sellerOrder.payoutHeldUntil })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, request.orderId))
    if (!current) return { ok: false, reason: 'not-found' }
    if (check.ok && paying && current.status === request.expectedStatus) {
      if (current.heldUntil && current.heldUntil > now)
        return { ok: false, reason: 'payout-held', until: current.heldUntil }
      if (await identityWaiting(tx, request.orderId)) return { ok: false, reason: 'identity-unseen' }
      return { ok: false, reason: 'rise-unapproved' }
    }
    if (check.ok && request.guard && current.status === request.expectedStatus)
      return { ok: false, reason: 'guard-refused' }
    // Moved on since the actor looked, or never where this move starts.
    return current.status === request.expectedStatus
      ? { ok: false, reason: 'wrong-status', status: current.status }
      : { ok: false, reason: 'moved', status: current.status }
  }
  const to = (check as { to: OrderStatus }).to
  for (const item of request.items ?? []) {
    await tx
      .update(orderItem)
      .set(item.set)
      .where(and(eq(orderItem.id, item.id), eq(orderItem.orderId, request.orderId)))
  }
  await tx.insert(orderEvent).values({
    orderId: request.orderId,
    actor: request.actor,
    actorUserId: request.actorUserId ?? null,
    actorName: await staffName(tx, request.actor, request.actorUserId),
    action: request.action ?? request.move,
    fromStatus: request.expectedStatus,
    toStatus: to,
    reason: request.reason ?? null,
  })
  if (request.emails) {
    const order = await readInTx(tx, request.orderId)
    if (order?.email) await queueEmails(tx, orderEmails(request.orderId, request.emails(order)))
  }
  return { ok: true, from: request.expectedStatus as OrderStatus, to }
}

/**
 * Whether a move would offer the seller a price above a device's quote that nobody allowed: every
 * such price carries its approval (a manager's, or the revision's own within the threshold editors
 * set), stamped by the caller that checked it (web/orders/moves/rise-store.ts, actions.ts).
 */
async function offersUnapprovedRise(tx: Tx, request: MoveRequest): Promise<boolean> {
  const rising = (request.items ?? []).filter(
    ({ set }) => typeof set.revisedPricePence === 'number' && !set.riseApprovedAt,
  )
  if (!rising.length) return false
  const quotes = await tx
    .select({ id: orderItem.id, pricePence: orderItem.pricePence })
    .from(orderItem)
    .where(
      and(
        eq(orderItem.orderId, request.orderId),
        inArray(
          orderItem.id,
          rising.map(({ id }) => id),
        ),
      ),
    )
  return rising.some(({ id, set }) => {
    const quote = quotes.find((item) => item.id === id)
    // A device of another order is not touched by the move (its update names the order), so not offered.
    return quote !== undefined && set.revisedPricePence! > quote.pricePence
  })
}

export async function readInTx(tx: Tx, orderId: string): Promise<OrderRecord | null> {
  const [order] = await tx.select().from(sellerOrder).where(eq(sellerOrder.id, orderId))
  if (!order) return null
  const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, orderId)).orderBy(asc(orderItem.position))
  const events = await tx.select().from(orderEvent).where(eq(orderEvent.orderId, orderId)).orderBy(asc(orderEvent.id))
  return { ...order, items, events, photos: await photosOf(tx, orderId) }
}

/**
 * Something that happened to an order without moving it: a reminder sent, bank details revealed
 * to a manager. `onlyIf` guards it like a move (the reminder is recorded once).
 */
export async function recordEvent(
  db: Db,
  event: {
    orderId: string
    actor: Actor
    actorUserId?: string | null
    action: string
    reason?: string | null
    remind?: boolean
    emails?: (order: OrderRecord) => Array<MailMessage & { kind: string }>
  },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: sellerOrder.status, remindedAt: sellerOrder.offerRemindedAt })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, event.orderId))
      .for('update')
    if (!order) return null
    if (event.remind) {
      if (order.remindedAt || order.status !== 'revised') return null
      await tx.update(sellerOrder).set({ offerRemindedAt: new Date() }).where(eq(sellerOrder.id, event.orderId))
    }
    const [recorded] = await tx
      .insert(orderEvent)
      .values({
        orderId: event.orderId,
        actor: event.actor,
        actorUserId: event.actorUserId ?? null,
        actorName: await staffName(tx, event.actor, event.actorUserId),
        action: event.action,
        fromStatus: order.status,
        toStatus: order.status,
        reason: event.reason ?? null,
      })
      .returning({ id: orderEvent.id })
    if (event.emails) {
      const full = await readInTx(tx, event.orderId)
      if (full?.email) await queueEmails(tx, orderEmails(event.orderId, event.emails(full)))
    }
    return recorded!.id
  })
}

/** The name a staff member goes by now, kept on the event; never a seller's. */
export async function staffName(tx: Tx, actor: Actor, userId: string | null | undefined): Promise<string | null> {
  if ((actor !== 'staff' && actor !== 'manager') || !userId) return null
  const [row] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId))
  return row?.name ?? null
}

/**
 * The register's late answer for one device whose check was waiting: recorded once (only while it
 * still waits), with its event and any e-mail it completes, in one transaction. The order's row is
 * locked first, so two answers for one order never both miss that they were the last.
 */
export async function recordRegisterAnswer(
  db: Db,
  answer: {
    orderId: string
    itemId: string
    set: Pick<OrderItemRow, 'registerResult' | 'registerCertificate' | 'registerCheckedAt'>
    emails?: (order: OrderRecord) => Array<MailMessage & { kind: string }>
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, answer.orderId))
      .for('update')
    if (!order) return false
    const [updated] = await tx
      .update(orderItem)
      .set(answer.set)
      .where(
        and(
          eq(orderItem.id, answer.itemId),
          eq(orderItem.orderId, answer.orderId),
          eq(orderItem.registerResult, 'waiting'),
        ),
      )
      .returning({ id: orderItem.id })
    if (!updated) return false
    await tx.insert(orderEvent).values({
      orderId: answer.orderId,
      actor: 'system',
      action: 'register-answer',
      fromStatus: order.status,
      toStatus: order.status,
      reason: answer.set.registerResult,
    })
    if (answer.emails) {
      const full = await readInTx(tx, answer.orderId)
      if (full?.email) await queueEmails(tx, orderEmails(answer.orderId, answer.emails(full)))
    }
    return true
  })
}
