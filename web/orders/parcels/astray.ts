import 'server-only'
import { and, asc, eq, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderParcel, sellerOrder, smsOutbox } from '@/db/schema'
import { fillTemplate } from '@/lib/templates'
import { queueEmails } from '@/mail/queue'
import { readInTx } from '@/orders/moves/move-store'
import { orderMail, type OrderMailContext } from '@/orders/record/mail'
import { orderEmails } from '@/orders/record/store'
import { PARCEL_ASTRAY } from '@/carrier/parcel-history'
import { DELIVERED_CODES } from '@/carrier/tracking-events'
import type { Sms } from '@/sms/client'

/**
 * A parcel astray: handed in, still on its way to an order waiting for it, and not scanned by the
 * carrier for the days the Orders document sets since its last scan. The minute job marks each once, by a guarded update, and in the same
 * transaction writes the order's history, queues one e-mail to the seller and, when they gave a
 * mobile number at checkout, one text; the texts are then sent, each once.
 */

export const ASTRAY_TEXT = 'parcelAstray'
/** How many times a text the provider could not take is tried, a run apart at first, then further. */
const TEXT_TRIES = 8

/**
 * When the parcel last moved: its last scan. A parcel never scanned is not in the post yet (the
 * seller has not handed it in; the price hold's reminder is what they get), so it is never astray.
 */
const quietSince = orderParcel.lastEventAt

/** Open parcels (not cancelled, their order placed), handed in, not yet astray, not delivered, quiet since before `cutoff`. */
const astrayNow = (cutoff: Date) =>
  and(
    isNull(orderParcel.cancelledAt),
    isNull(orderParcel.astrayAt),
    isNotNull(orderParcel.lastEventCode),
    notInArray(orderParcel.lastEventCode, [...DELIVERED_CODES]),
    lte(quietSince, cutoff),
  )

export type AstrayContext = {
  /** The Orders document's days without a scan. */
  days: number
  /** The e-mail's words and links; its copy holds the text's words too (parcelAstrayText). */
  mail: OrderMailContext
}

/** Marks the parcels astray now, oldest quiet first, a few at a time; how many it marked. */
export async function markAstrayParcels(db: Db, context: AstrayContext, now = new Date(), limit = 50) {
  const cutoff = new Date(now.getTime() - context.days * 86_400_000)
  const due = await db
    .select({ id: orderParcel.id, orderId: orderParcel.orderId })
    .from(orderParcel)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderParcel.orderId))
    .where(and(astrayNow(cutoff), eq(sellerOrder.status, 'placed')))
    .orderBy(asc(quietSince))
    .limit(limit)
  let marked = 0
  for (const parcel of due) if (await markOne(db, parcel, cutoff, context, now)) marked += 1
  return { marked }
}

async function markOne(
  db: Db,
  parcel: { id: string; orderId: string },
  cutoff: Date,
  { mail }: AstrayContext,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, parcel.orderId))
      .for('update')
    // Received or cancelled since it was read: not astray.
    if (order?.status !== 'placed') return false
    // The guard: still quiet, still unmarked (a scan or another run meanwhile changes nothing twice).
    const [astray] = await tx
      .update(orderParcel)
      .set({ astrayAt: now })
      .where(and(eq(orderParcel.id, parcel.id), astrayNow(cutoff)))
      .returning({ trackingNumber: orderParcel.trackingNumber })
    if (!astray) return false
    await tx.insert(orderEvent).values({
      orderId: parcel.orderId,
      at: now,
      actor: 'system',
      action: PARCEL_ASTRAY,
      fromStatus: order.status,
      toStatus: order.status,
      reason: astray.trackingNumber,
    })
    const full = await readInTx(tx, parcel.orderId)
    if (!full) return true
    if (full.email)
      await queueEmails(
        tx,
        orderEmails(
          parcel.orderId,
          orderMail('parcelAstray', { ...full, parcelTracking: astray.trackingNumber }, mail),
        ),
      )
    // Only to a seller who gave a mobile number at checkout: the number is read again as it is sent.
    if (full.phone)
      await tx.insert(smsOutbox).values({
        orderId: parcel.orderId,
        kind: ASTRAY_TEXT,
        body: fillTemplate(mail.copy.parcelAstrayText, {
          reference: full.reference,
          tracking: astray.trackingNumber,
        }),
      })
    return true
  })
}

/**
 * Sends the texts due, each at most once: a text is claimed (`sending`, by a guarded update) before
 * the provider is asked, so two runs never both send it, and one left `sending` by a process that
 * stopped mid-way is never sent again (the e-mail queued with it still goes). Only an answer that
 * says the provider did not take it puts the text back to try later; no answer at all (it may have
 * gone) marks it `unconfirmed`. A number gone from the order (erased) or refused is not tried again.
 */
export async function sendDueTexts(db: Db, sms: Sms, now = new Date(), limit = 20) {
  const due = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.nextAttemptAt, now)))
    .orderBy(asc(smsOutbox.nextAttemptAt))
    .limit(limit)
  let sent = 0
  for (const { id } of due) {
    const [text] = await db
      .update(smsOutbox)
      .set({ status: 'sending', attempts: sql`${smsOutbox.attempts} + 1` })
      .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'pending')))
      .returning({ body: smsOutbox.body, attempts: smsOutbox.attempts, orderId: smsOutbox.orderId })
    // Another run claimed it first.
    if (!text) continue
    const sending = and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending'))
    const [order] = await db
      .select({ phone: sellerOrder.phone })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, text.orderId))
    if (!order?.phone) {
      await db.update(smsOutbox).set({ status: 'failed', lastError: 'no number' }).where(sending)
      continue
    }
    const answer = await sms.send({ to: order.phone, body: text.body })
    if (answer.ok) {
      await db.update(smsOutbox).set({ status: 'sent', sentAt: now, providerId: answer.id }).where(sending)
      sent += 1
      continue
    }
    const again = answer.reason === 'unavailable' && text.attempts < TEXT_TRIES
    await db
      .update(smsOutbox)
      .set({
        status: again ? 'pending' : answer.reason === 'unknown' ? 'unconfirmed' : 'failed',
        lastError: answer.reason,
        // A minute, then doubling: the provider down for an hour costs a few tries, not sixty.
        nextAttemptAt: new Date(now.getTime() + 60_000 * 2 ** (text.attempts - 1)),
      })
      .where(sending)
  }
  return { sent }
}

/** The parcels astray, for goods-in: each with its order, number, last scan and when it was marked. */
export type AstrayParcel = {
  reference: string
  trackingNumber: string
  lastEventCode: string | null
  lastEventAt: Date | null
  astrayAt: Date
}

export async function astrayParcels(db: Db, limit = 500): Promise<AstrayParcel[]> {
  const rows = await db
    .select({
      reference: sellerOrder.reference,
      trackingNumber: orderParcel.trackingNumber,
      lastEventCode: orderParcel.lastEventCode,
      lastEventAt: orderParcel.lastEventAt,
      astrayAt: orderParcel.astrayAt,
    })
    .from(orderParcel)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderParcel.orderId))
    .where(and(isNull(orderParcel.cancelledAt), isNotNull(orderParcel.astrayAt), eq(sellerOrder.status, 'placed')))
    .orderBy(asc(orderParcel.astrayAt), asc(sellerOrder.reference))
    .limit(limit)
  return rows.map((row) => ({ ...row, astrayAt: row.astrayAt! }))
}
