import 'server-only'
import { and, eq } from 'drizzle-orm'
import type { PricedModel } from '@/content/types'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, type OrderItemRow } from '@/db/schema'
import { formatPence } from '@/lib/money'
import type { MailMessage } from '@/mail/send'
import type { OrderRecord } from '@/orders/record/store'
import { moveInTx, staffName, type MoveRequest, type MoveResult, type Tx } from './move-store'
import { publishedPence } from './published-prices'
import { LATE_EVENTS, lateChanges } from './late-values'
import { RISE_EVENTS } from './rise-events'

/**
 * A parcel that reaches us after its price hold ended, as the seed promises: each device valued at
 * today's published price for what was ordered, in the receive's own transaction with an event
 * saying so; and, once the check agrees with the grade chosen, a different price offered to the
 * seller to confirm through the revised-offer flow, in the check's transaction (a rise past the
 * editors' threshold waits for a manager first). On time, or the same price today, the quote stands.
 */

type Valued = Pick<OrderItemRow, 'id' | 'device' | 'modelId' | 'variantKey' | 'gradeKey' | 'pricePence'>

/** Today's published price of each device as ordered, or null for all when the parcel is on time. */
export function lateValuation(
  order: { holdUntil: Date; items: readonly Valued[] },
  models: readonly PricedModel[],
  now: Date,
): Array<{ item: Valued; latePricePence: number | null }> | null {
  if (order.holdUntil > now) return null
  return order.items.map((item) => ({
    item,
    latePricePence: publishedPence({ ...item, foundGradeKey: null }, models),
  }))
}

/**
 * The receive move, and for a late parcel its devices' prices today and the "revalued" event (the
 * receiver, now, each device's quote and today's price), in one transaction. The move's guard makes
 * a repeat receive change nothing: the order is no longer where it starts.
 */
export async function receiveParcel(
  db: Db,
  request: MoveRequest,
  order: { holdUntil: Date; items: readonly Valued[] },
  models: readonly PricedModel[],
): Promise<MoveResult> {
  return db.transaction((tx) => receiveParcelInTx(tx, request, order, models))
}

/** The receive of `receiveParcel` inside a transaction another move opened (goods-in's scan). */
export async function receiveParcelInTx(
  tx: Tx,
  request: MoveRequest,
  order: { holdUntil: Date; items: readonly Valued[] },
  models: readonly PricedModel[],
): Promise<MoveResult> {
  const valuation = lateValuation(order, models, request.now ?? new Date())
  if (!valuation) return moveInTx(tx, request)
  const moved = await moveInTx(tx, {
    ...request,
    items: valuation.map(({ item, latePricePence }) => ({ id: item.id, set: { latePricePence } })),
  })
  if (!moved.ok) return moved
  await tx.insert(orderEvent).values({
    orderId: request.orderId,
    actor: request.actor,
    actorUserId: request.actorUserId ?? null,
    actorName: await staffName(tx, request.actor, request.actorUserId),
    action: LATE_EVENTS.revalue,
    fromStatus: moved.to,
    toStatus: moved.to,
    reason: valuation
      .map(
        ({ item, latePricePence }) =>
          `${item.device}: ${formatPence(item.pricePence)} → ${latePricePence === null ? '–' : formatPence(latePricePence)}`,
      )
      .join('; '),
  })
  return moved
}

/**
 * The check, and in the same transaction today's prices of a late parcel's devices found in the
 * grade chosen (another grade is staff's to revise, at the published price for it), with the
 * content's reason, as staff's revise would make them: offered to the seller with the deadline and
 * the e-mail, a rise within the editors' threshold allowed by the offer itself; or, when a rise is
 * past it, every change proposed together for a manager's approval (rise-store.ts), nothing sent.
 */
export async function checkParcel(
  db: Db,
  request: MoveRequest,
  offer: CheckOffer,
  /** Prices the check found besides a late parcel's (web/orders/moves/checklist-store.ts), with their reasons. */
  found: readonly FoundPrice[] = [],
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const checked = await moveInTx(tx, request)
    if (!checked.ok) return checked
    // Every device refused: nothing to offer or pay, the parcel goes back.
    const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, request.orderId))
    if (items.every((item) => item.offerAnswer === 'decline'))
      return moveInTx(tx, {
        orderId: request.orderId,
        move: 'refuse',
        actor: 'system',
        actorUserId: null,
        expectedStatus: checked.to,
      })
    return offerInTx(tx, request, checked, offer, found)
  })
}

export type CheckOffer = {
  reason: string
  deadline: Date
  approvalAbovePence: number
  emails: (order: OrderRecord) => Array<MailMessage & { kind: string }>
}
/** A device's price as the check found it, when it differs from the quote, and the seller's reason for it. */
export type FoundPrice = { id: string; pricePence: number; reason: string }

/**
 * In the check's transaction, once the order is checked: the new prices offered to the seller (a
 * late parcel's today, the checklist's as found), or all proposed for a manager when one rises past
 * the editors' threshold. With none, the check stands as it is.
 */
export async function offerInTx(
  tx: Tx,
  request: MoveRequest,
  checked: Extract<MoveResult, { ok: true }>,
  offer: CheckOffer,
  found: readonly FoundPrice[],
): Promise<MoveResult> {
  const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, request.orderId))
  const late = lateChanges(items).filter((item) => !found.some((price) => price.id === item.id))
  const changes = [
    ...late.map((item) => ({
      id: item.id,
      device: item.device,
      quoted: item.pricePence,
      pence: item.latePricePence,
      reason: offer.reason,
    })),
    ...found.flatMap((price) => {
      const item = items.find((candidate) => candidate.id === price.id)
      return item
        ? [{ id: item.id, device: item.device, quoted: item.pricePence, pence: price.pricePence, reason: price.reason }]
        : []
    }),
  ]
  if (!changes.length) return checked
  const reason = changes.map((item) => `${item.device}: ${formatPence(item.pence)}`).join('; ')
  if (changes.some((item) => item.pence - item.quoted > offer.approvalAbovePence)) {
    for (const item of changes) {
      await tx
        .update(orderItem)
        .set({ proposedPricePence: item.pence, proposedReason: item.reason })
        .where(and(eq(orderItem.id, item.id), eq(orderItem.orderId, request.orderId)))
    }
    await tx.insert(orderEvent).values({
      orderId: request.orderId,
      actor: request.actor,
      actorUserId: request.actorUserId ?? null,
      actorName: await staffName(tx, request.actor, request.actorUserId),
      action: RISE_EVENTS.propose,
      fromStatus: checked.to,
      toStatus: checked.to,
      reason,
    })
    return checked
  }
  const now = new Date()
  const revised = await moveInTx(tx, {
    orderId: request.orderId,
    move: 'revise',
    action: late.length && late.length === changes.length ? LATE_EVENTS.offer : undefined,
    actor: request.actor,
    actorUserId: request.actorUserId,
    expectedStatus: checked.to,
    reason,
    set: { offerDeadline: offer.deadline },
    items: changes.map((item) => ({
      id: item.id,
      set: {
        revisedPricePence: item.pence,
        revisedReason: item.reason,
        offerAnswer: null,
        offerAnsweredAt: null,
        riseApprovedAt: item.pence > item.quoted ? now : null,
      },
    })),
    emails: offer.emails,
  })
  // The check stands if the offer cannot be made: staff see the prices and revise by hand.
  return revised.ok ? revised : checked
}
