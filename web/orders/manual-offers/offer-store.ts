/** Staff offers kept: made with their e-mail, withdrawn, listed, locked and marked accepted by the order they make, and counted. */
import 'server-only'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { contactMessage, manualOffer, sellerOrder, type ManualOfferRow } from '@/db/schema'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import { isUuid } from '@/orders/record/order-values'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type NewOffer = {
  messageId: string
  model: string
  pricePence: number
  recycle: boolean
  reason: string
  actor: { userId: string; name: string }
  expiresAt: Date
}

export type OfferRecipient = { offerId: string; name: string; email: string }

/**
 * Records a staff offer for the message's sender and queues its e-mail (to the message's address,
 * with its link) in one transaction: both are kept or neither. Null when the message is gone.
 */
export async function makeOffer(
  db: Db,
  offer: NewOffer,
  mail: (recipient: OfferRecipient) => QueuedEmail,
  now = new Date(),
): Promise<string | null> {
  if (!isUuid(offer.messageId)) return null
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ name: contactMessage.name, email: contactMessage.email })
      .from(contactMessage)
      .where(eq(contactMessage.id, offer.messageId))
      .for('update')
    if (!message) return null
    const [row] = await tx
      .insert(manualOffer)
      .values({
        messageId: offer.messageId,
        model: offer.model,
        pricePence: offer.pricePence,
        recycle: offer.recycle,
        reason: offer.reason,
        madeBy: offer.actor.userId,
        madeByName: offer.actor.name,
        madeAt: now,
        expiresAt: offer.expiresAt,
      })
      .returning({ id: manualOffer.id })
    await queueEmails(tx, [mail({ offerId: row!.id, ...message })])
    return row!.id
  })
}

/** Withdraws an open offer; false when it was accepted or withdrawn already (nothing changes). */
export async function withdrawOffer(
  db: Db,
  change: { id: string; messageId: string; actorName: string },
  now = new Date(),
): Promise<boolean> {
  if (!isUuid(change.id) || !isUuid(change.messageId)) return false
  const withdrawn = await db
    .update(manualOffer)
    .set({ status: 'withdrawn', closedAt: now, closedByName: change.actorName })
    .where(
      and(eq(manualOffer.id, change.id), eq(manualOffer.messageId, change.messageId), eq(manualOffer.status, 'open')),
    )
    .returning({ id: manualOffer.id })
  return withdrawn.length > 0
}

export type OfferListRow = ManualOfferRow & { orderReference: string | null }

/** A message's offers, oldest first, each with the reference of the order it made, if any. */
export async function offersOf(db: Db, messageId: string): Promise<OfferListRow[]> {
  if (!isUuid(messageId)) return []
  const rows = await db
    .select({ offer: manualOffer, orderReference: sellerOrder.reference })
    .from(manualOffer)
    .leftJoin(sellerOrder, eq(sellerOrder.id, manualOffer.orderId))
    .where(eq(manualOffer.messageId, messageId))
    .orderBy(asc(manualOffer.madeAt))
  return rows.map((row) => ({ ...row.offer, orderReference: row.orderReference }))
}

export type OfferWithSender = ManualOfferRow & { senderName: string; senderEmail: string }

/** One offer with the message's sender, or null. */
export async function findOffer(db: Db, id: string): Promise<OfferWithSender | null> {
  if (!isUuid(id)) return null
  const [row] = await db
    .select({ offer: manualOffer, senderName: contactMessage.name, senderEmail: contactMessage.email })
    .from(manualOffer)
    .innerJoin(contactMessage, eq(contactMessage.id, manualOffer.messageId))
    .where(eq(manualOffer.id, id))
  return row ? { ...row.offer, senderName: row.senderName, senderEmail: row.senderEmail } : null
}

/** Whether an offer can be accepted at `now`: open and not past its expiry. */
export const isOpen = (offer: Pick<ManualOfferRow, 'status' | 'expiresAt'>, now = new Date()) =>
  offer.status === 'open' && offer.expiresAt > now

/**
 * In the accepting order's transaction: locks the offer, so a withdrawal and an accept (or two
 * accepts) go one after the other. 'open' when it may be accepted; an offer accepted already also
 * goes on, so the order's key answers the same form sent twice with its order and refuses the rest.
 */
export async function claimOffer(tx: Tx, id: string, now = new Date()): Promise<'open' | 'closed'> {
  const [offer] = await tx
    .select({ status: manualOffer.status, expiresAt: manualOffer.expiresAt })
    .from(manualOffer)
    .where(eq(manualOffer.id, id))
    .for('update')
  if (!offer) return 'closed'
  return isOpen(offer, now) || offer.status === 'accepted' ? 'open' : 'closed'
}

/** In the same transaction, once the order is written: the offer is accepted, by that order. */
export async function markOfferAccepted(tx: Tx, id: string, orderId: string, now = new Date()): Promise<void> {
  await tx
    .update(manualOffer)
    .set({ status: 'accepted', closedAt: now, orderId })
    .where(and(eq(manualOffer.id, id), eq(manualOffer.status, 'open')))
}

/** The staff home's counts: offers kept (made), accepted, and open still (not expired). */
export async function offerCounts(db: Db, now = new Date()) {
  const [row] = await db
    .select({
      made: sql<number>`count(*)::integer`,
      accepted: sql<number>`(count(*) filter (where ${manualOffer.status} = 'accepted'))::integer`,
      open: sql<number>`(count(*) filter (where ${and(eq(manualOffer.status, 'open'), gt(manualOffer.expiresAt, now))}))::integer`,
    })
    .from(manualOffer)
  return { made: row?.made ?? 0, accepted: row?.accepted ?? 0, open: row?.open ?? 0 }
}
