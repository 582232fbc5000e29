import 'server-only'
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { MailMessage } from '@/mail/send'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, sellerOrder, user } from '@/db/schema'
import { moveInTx, type Tx } from './move-store'
import { isUuid } from '@/orders/record/order-values'
import { offeredWithoutApproval, RISE_EVENTS, RISE_OPEN_STATUSES } from './rise-events'
import { unapprovedRiseSql } from './rise-condition'
import type { OrderRecord } from '@/orders/record/store'

/**
 * A revised offer above the seller's quote is two people's decision: staff ask for it (kept on the
 * devices, unseen by the seller), and a manager who did not ask approves it, which makes the revise
 * move with the seller's e-mail, or refuses it. Each is a guarded update with its event (who, when,
 * why) in one transaction that locks the order, so a double click or two managers at once decide once.
 */

/** Statuses in which an unapproved rise still matters: the order may yet be offered or paid. */
const OPEN_STATUSES = ['checked', ...RISE_OPEN_STATUSES]

type Staff = { role: 'staff' | 'manager'; id: string }

export type ProposeResult =
  { ok: true } | { ok: false; reason: 'not-found' | 'already-waiting' } | { ok: false; reason: 'moved'; status: string }

/**
 * Staff's revised offer that rises above a quote, kept for a manager: every device's new price and
 * reason, and the event with the reasons typed. Nothing reaches the seller; while it waits, another
 * offer is refused.
 */
export async function proposeRise(
  db: Db,
  request: {
    orderId: string
    staff: Staff
    expectedStatus: string
    items: Array<{ id: string; pricePence: number; reason: string }>
    reason: string
  },
): Promise<ProposeResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction(async (tx): Promise<ProposeResult> => {
    const order = await lockOrder(tx, request.orderId)
    if (!order) return { ok: false, reason: 'not-found' }
    if (order.status !== 'checked' || order.status !== request.expectedStatus)
      return { ok: false, reason: 'moved', status: order.status }
    const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, request.orderId))
    if (items.some((item) => item.proposedPricePence !== null)) return { ok: false, reason: 'already-waiting' }
    for (const proposal of request.items) {
      await tx
        .update(orderItem)
        .set({ proposedPricePence: proposal.pricePence, proposedReason: proposal.reason })
        .where(and(eq(orderItem.id, proposal.id), eq(orderItem.orderId, request.orderId)))
    }
    await event(tx, request.orderId, request.staff, RISE_EVENTS.propose, order.status, order.status, request.reason)
    return { ok: true }
  })
}

export type DecideResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' | 'not-allowed' | 'nothing-waiting' | 'own-rise' }
  | { ok: false; reason: 'moved'; status: string }

/**
 * A manager approves the rise waiting on an order: the devices take their new prices (stamped
 * approved) and the order moves to revised with the seller's e-mail, the event naming the manager
 * and why. A rise already offered without approval (before approvals existed) is stamped approved,
 * so it may be paid. Never the manager who asked for it (or, for one already offered, who made it).
 */
export async function approveRise(
  db: Db,
  request: {
    orderId: string
    manager: Staff
    why: string
    offerDeadline: Date
    emails?: (order: OrderRecord) => Array<MailMessage & { kind: string }>
  },
): Promise<DecideResult> {
  if (request.manager.role !== 'manager') return { ok: false, reason: 'not-allowed' }
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction(async (tx): Promise<DecideResult> => {
    const order = await lockOrder(tx, request.orderId)
    if (!order) return { ok: false, reason: 'not-found' }
    const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, request.orderId))
    const waiting = items.filter((item) => item.proposedPricePence !== null)
    const offered = offeredWithoutApproval(items)
    const pending = order.status === 'checked' && waiting.length
    if (!pending && !(RISE_OPEN_STATUSES.includes(order.status) && offered.length))
      return { ok: false, reason: 'nothing-waiting' }
    const askedBy = await lastActor(tx, request.orderId, pending ? RISE_EVENTS.propose : 'revise')
    if (askedBy === request.manager.id) return { ok: false, reason: 'own-rise' }
    const now = new Date()
    if (!pending) {
      await tx
        .update(orderItem)
        .set({ riseApprovedAt: now })
        .where(
          inArray(
            orderItem.id,
            offered.map((item) => item.id),
          ),
        )
      await event(tx, request.orderId, request.manager, RISE_EVENTS.approve, order.status, order.status, request.why)
      return { ok: true }
    }
    const moved = await moveInTx(tx, {
      orderId: request.orderId,
      move: 'revise',
      action: RISE_EVENTS.approve,
      actor: 'manager',
      actorUserId: request.manager.id,
      expectedStatus: 'checked',
      reason: request.why,
      set: { offerDeadline: request.offerDeadline },
      items: waiting.map((item) => ({
        id: item.id,
        set: {
          revisedPricePence: item.proposedPricePence,
          revisedReason: item.proposedReason,
          proposedPricePence: null,
          proposedReason: null,
          riseApprovedAt: item.proposedPricePence! > item.pricePence ? now : null,
          offerAnswer: null,
          offerAnsweredAt: null,
        },
      })),
      emails: request.emails,
    })
    if (moved.ok) return { ok: true }
    return moved.reason === 'moved' || moved.reason === 'wrong-status'
      ? { ok: false, reason: 'moved', status: moved.status }
      : { ok: false, reason: 'nothing-waiting' }
  })
}

/**
 * A manager refuses the rise waiting on an order: the new prices are forgotten, the order stays
 * checked (staff may offer again), and the event says who and why. Nothing waiting: nothing changes.
 */
export async function refuseRise(
  db: Db,
  request: { orderId: string; manager: Staff; why: string },
): Promise<DecideResult> {
  if (request.manager.role !== 'manager') return { ok: false, reason: 'not-allowed' }
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction(async (tx): Promise<DecideResult> => {
    const order = await lockOrder(tx, request.orderId)
    if (!order) return { ok: false, reason: 'not-found' }
    const cleared = await tx
      .update(orderItem)
      .set({ proposedPricePence: null, proposedReason: null })
      .where(and(eq(orderItem.orderId, request.orderId), isNotNull(orderItem.proposedPricePence)))
      .returning({ id: orderItem.id })
    if (!cleared.length) return { ok: false, reason: 'nothing-waiting' }
    await event(tx, request.orderId, request.manager, RISE_EVENTS.refuse, order.status, order.status, request.why)
    return { ok: true }
  })
}

export type WaitingRise = {
  reference: string
  status: string
  /** Who asked for it (or made it, for one offered before approvals), as the history names them. */
  askedBy: { id: string | null; name: string | null; at: Date } | null
  /** Whether a manager asked for it: only another manager may approve it. */
  byManager: boolean
  devices: Array<{ device: string; quotedPence: number; newPence: number; reason: string | null }>
}

/** Rises waiting for a manager, oldest first: those asked for, and those offered without approval. */
export async function waitingRises(db: Pick<Db, 'select'>, limit = 200): Promise<WaitingRise[]> {
  const rows = await db
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      status: sellerOrder.status,
      device: orderItem.device,
      quotedPence: orderItem.pricePence,
      proposedPence: orderItem.proposedPricePence,
      proposedReason: orderItem.proposedReason,
      revisedPence: orderItem.revisedPricePence,
      revisedReason: orderItem.revisedReason,
    })
    .from(sellerOrder)
    .innerJoin(orderItem, eq(orderItem.orderId, sellerOrder.id))
    .where(
      and(
        inArray(sellerOrder.status, OPEN_STATUSES),
        // Implied by what follows, and said in its index's words: the few devices are read by it.
        unapprovedRiseSql,
        or(
          and(eq(sellerOrder.status, 'checked'), isNotNull(orderItem.proposedPricePence)),
          and(
            sql`${orderItem.revisedPricePence} > ${orderItem.pricePence}`,
            sql`${orderItem.offerAnswer} is distinct from 'decline'`,
            isNull(orderItem.riseApprovedAt),
          ),
        ),
      ),
    )
    .orderBy(asc(sellerOrder.statusSince), asc(sellerOrder.id), asc(orderItem.position))
    .limit(limit)
  const orders = new Map<string, WaitingRise & { id: string }>()
  for (const row of rows) {
    const order = orders.get(row.id) ?? {
      id: row.id,
      reference: row.reference,
      status: row.status,
      askedBy: null,
      byManager: false,
      devices: [],
    }
    const proposed = row.proposedPence !== null
    order.devices.push({
      device: row.device,
      quotedPence: row.quotedPence,
      newPence: (proposed ? row.proposedPence : row.revisedPence) ?? row.quotedPence,
      reason: proposed ? row.proposedReason : row.revisedReason,
    })
    orders.set(row.id, order)
  }
  const ids = [...orders.keys()]
  if (!ids.length) return []
  const asks = await db
    .select({
      orderId: orderEvent.orderId,
      action: orderEvent.action,
      actor: orderEvent.actor,
      actorUserId: orderEvent.actorUserId,
      actorName: orderEvent.actorName,
      at: orderEvent.at,
    })
    .from(orderEvent)
    .where(and(inArray(orderEvent.orderId, ids), inArray(orderEvent.action, [RISE_EVENTS.propose, 'revise'])))
    .orderBy(desc(orderEvent.id))
  return [...orders.values()].map(({ id, ...order }) => {
    const wanted = order.status === 'checked' ? RISE_EVENTS.propose : 'revise'
    const ask = asks.find((candidate) => candidate.orderId === id && candidate.action === wanted)
    return {
      ...order,
      askedBy: ask ? { id: ask.actorUserId, name: ask.actorName, at: ask.at } : null,
      byManager: ask?.actor === 'manager',
    }
  })
}

/** The dashboard's count: orders with a rise waiting, and how many of those a manager asked for. */
export async function riseCounts(db: Pick<Db, 'select'>): Promise<{ waiting: number; byManager: number }> {
  const rises = await waitingRises(db, 1000)
  return {
    waiting: new Set(rises.map((rise) => rise.reference)).size,
    byManager: rises.filter((rise) => rise.byManager).length,
  }
}

async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({ status: sellerOrder.status })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, orderId))
    .for('update')
  return order
}

/** The account that last made `action` on the order: who asked for a rise, or who revised it. */
async function lastActor(tx: Tx, orderId: string, action: string): Promise<string | null> {
  const [last] = await tx
    .select({ actorUserId: orderEvent.actorUserId })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, action)))
    .orderBy(desc(orderEvent.id))
    .limit(1)
  return last?.actorUserId ?? null
}

async function event(tx: Tx, orderId: string, staff: Staff, action: string, from: string, to: string, reason: string) {
  const [named] = await tx.select({ name: user.name }).from(user).where(eq(user.id, staff.id))
  await tx.insert(orderEvent).values({
    orderId,
    actor: staff.role,
    actorUserId: staff.id,
    actorName: named?.name ?? null,
    action,
    fromStatus: from,
    toStatus: to,
    reason: reason || null,
  })
}
