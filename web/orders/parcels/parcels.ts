import 'server-only'
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderParcel, parcelEvent, sellerOrder } from '@/db/schema'
import { queueEmails } from '@/mail/queue'
import { readInTx } from '@/orders/moves/move-store'
import { orderMail, type OrderMailContext } from '@/orders/record/mail'
import { orderEmails } from '@/orders/record/store'
import { londonDay } from '@/orders/record/working-days'
import type { Carrier } from '@/carrier/client'
import { LABEL_DELAYED, LABEL_MADE, LABEL_REPLACED, PARCEL_SCANNED } from '@/carrier/parcel-history'
import { parcelStage } from '@/carrier/tracking-events'

/**
 * The seller's parcel to us, from the carrier's label to its arrival: labels made for the orders
 * placed (by the job the checkout kicks, and every minute after for one the carrier could not make
 * then), and the events the carrier scanned, each once, written into the order's history.
 */

/** How long after placing a label is still asked for: past it the price hold has long ended. */
const LABEL_WANTED_DAYS = 30
/** How often one parcel's events are asked for by default (CARRIER_FOLLOW_SECONDS sets it): a minute job over many parcels, not one request each minute. */
export const FOLLOW_EVERY_MS = 15 * 60_000

export type OpenParcel = { trackingNumber: string; insuredPence: number; madeAt: Date; posted: boolean }

/** The order's label that is not cancelled, if the carrier made one. */
export async function openParcel(db: Db, orderId: string): Promise<OpenParcel | null> {
  const [parcel] = await db
    .select({
      trackingNumber: orderParcel.trackingNumber,
      insuredPence: orderParcel.insuredPence,
      madeAt: orderParcel.madeAt,
      lastEventCode: orderParcel.lastEventCode,
    })
    .from(orderParcel)
    .where(and(eq(orderParcel.orderId, orderId), isNull(orderParcel.cancelledAt)))
  if (!parcel) return null
  const { lastEventCode, ...open } = parcel
  // Scanned by the carrier at least once: in the post, its label stays.
  return { ...open, posted: lastEventCode !== null }
}

/**
 * Labels for orders placed and waiting for their parcel that have none yet, oldest first, a few at
 * a time. One the carrier cannot make now is recorded once as put off; one made after that is
 * e-mailed to the seller. Two runs at once (a kick and the minute job) cannot both keep a label:
 * the second's insert meets the one open label an order may have, and its label is cancelled.
 */
export async function makeWantedLabels(
  db: Db,
  carrier: Carrier,
  mail: OrderMailContext,
  now = new Date(),
  limit = 20,
): Promise<{ made: number; delayed: number }> {
  const wanted = await db
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      totalPence: sellerOrder.totalPence,
      name: sellerOrder.name,
      addressLine1: sellerOrder.addressLine1,
      addressLine2: sellerOrder.addressLine2,
      town: sellerOrder.town,
      postcode: sellerOrder.postcode,
    })
    .from(sellerOrder)
    .where(
      and(
        eq(sellerOrder.status, 'placed'),
        gt(sellerOrder.placedAt, new Date(now.getTime() - LABEL_WANTED_DAYS * 86_400_000)),
        sql`not exists (select 1 from ${orderParcel} where ${orderParcel.orderId} = ${sellerOrder.id} and ${orderParcel.cancelledAt} is null)`,
      ),
    )
    .orderBy(asc(sellerOrder.placedAt))
    .limit(limit)
  let made = 0
  let delayed = 0
  for (const order of wanted) {
    const answer = await askForLabel(db, carrier, order, { first: true })
    if (!answer) continue
    if (!answer.ok) {
      if (await recordDelay(db, order.id)) delayed += 1
      continue
    }
    const kept = await keepLabel(db, order.id, answer.label, mail)
    if (kept) made += 1
    // Another run kept a label for this order first (the same one, asked with the same key, stays);
    // or the order stopped waiting for its parcel: a label never used is cancelled.
    else if ((await openParcel(db, order.id))?.trackingNumber !== answer.label.trackingNumber)
      await discardLabel(db, carrier, order.id, answer.label)
  }
  return { made, delayed }
}

type LabelOrder = Pick<
  typeof sellerOrder.$inferSelect,
  'id' | 'reference' | 'totalPence' | 'name' | 'addressLine1' | 'addressLine2' | 'town' | 'postcode'
>

/**
 * Asks the carrier for the order's next label (sent from the seller's address, declared at the
 * order's value) under its key; null when the order has no whole address to send from, or, for a
 * `first` label, when it has one now.
 */
async function askForLabel(db: Db, carrier: Carrier, order: LabelOrder, { first }: { first: boolean }) {
  const { name, addressLine1, addressLine2, town, postcode } = order
  if (!name || !addressLine1 || !town || !postcode) return null
  const { key, open } = await labelKey(db, order.id)
  // A first label another run kept since this one read the order: nothing to ask.
  if (first && open) return null
  return carrier.createReturnLabel(
    {
      reference: order.reference,
      sender: { name, addressLine1, addressLine2, town, postcode },
      declaredValuePence: order.totalPence,
    },
    key,
  )
}

/**
 * The key the carrier knows the order's next label request by: the order and how many labels it has
 * had here (kept, replaced or discarded). It stays the same until a label is recorded, so a request
 * repeated after this process died between the carrier's answer and keeping it gets the same label
 * back rather than a second, live one nobody knows of.
 */
async function labelKey(db: Db, orderId: string): Promise<{ key: string; open: boolean }> {
  const [row] = await db
    .select({
      labels: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${orderParcel.cancelledAt} is null))::int`,
    })
    .from(orderParcel)
    .where(eq(orderParcel.orderId, orderId))
  return { key: `${orderId}.${row?.labels ?? 0}`, open: (row?.open ?? 0) > 0 }
}

/**
 * A label the carrier made that is not kept: recorded as cancelled first, so the next request has a
 * key of its own (and is not answered with this cancelled label), then cancelled with the carrier.
 */
async function discardLabel(
  db: Db,
  carrier: Carrier,
  orderId: string,
  label: { trackingNumber: string; insuredPence: number },
): Promise<void> {
  await db
    .insert(orderParcel)
    .values({
      orderId,
      trackingNumber: label.trackingNumber,
      insuredPence: label.insuredPence,
      cancelledAt: new Date(),
    })
    .onConflictDoNothing()
  await carrier.cancelLabel(label.trackingNumber)
}

/** The delay in the order's history, once: the seller is e-mailed the label when it exists. */
async function recordDelay(db: Db, orderId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, orderId))
      .for('update')
    if (order?.status !== 'placed') return false
    const [already] = await tx
      .select({ id: orderEvent.id })
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, LABEL_DELAYED)))
      .limit(1)
    if (already) return false
    await tx.insert(orderEvent).values({
      orderId,
      actor: 'system',
      action: LABEL_DELAYED,
      fromStatus: order.status,
      toStatus: order.status,
    })
    return true
  })
}

/** Keeps the label as the order's one open parcel, with its event (and its e-mail when it came late). */
async function keepLabel(
  db: Db,
  orderId: string,
  label: { trackingNumber: string; insuredPence: number },
  mail: OrderMailContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, orderId))
      .for('update')
    // Received (or cancelled) while the carrier made it: the label is never used, and is cancelled.
    if (order?.status !== 'placed') return false
    const [kept] = await tx
      .insert(orderParcel)
      .values({ orderId, trackingNumber: label.trackingNumber, insuredPence: label.insuredPence })
      .onConflictDoNothing()
      .returning({ id: orderParcel.id })
    if (!kept) return false
    await tx.insert(orderEvent).values({
      orderId,
      actor: 'system',
      action: LABEL_MADE,
      fromStatus: order.status,
      toStatus: order.status,
      reason: label.trackingNumber,
    })
    const [late] = await tx
      .select({ id: orderEvent.id })
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, LABEL_DELAYED)))
      .limit(1)
    if (late) {
      const full = await readInTx(tx, orderId)
      if (full?.email)
        await queueEmails(
          tx,
          orderEmails(orderId, orderMail('labelReady', { ...full, parcelTracking: label.trackingNumber }, mail)),
        )
    }
    return true
  })
}

/**
 * Asks the carrier for the events of parcels still on their way (their order waiting for them),
 * each at most every FOLLOW_EVERY_MS, longest unasked first, and writes each new event into the
 * order's history once: the unique (parcel, code, time) stops a repeat, however often it is read.
 */
export async function followParcels(
  db: Db,
  carrier: Carrier,
  now = new Date(),
  { every = FOLLOW_EVERY_MS, limit = 100 }: { every?: number; limit?: number } = {},
): Promise<{ asked: number; recorded: number }> {
  const due = await db
    .select({
      id: orderParcel.id,
      orderId: orderParcel.orderId,
      trackingNumber: orderParcel.trackingNumber,
      lastEventAt: orderParcel.lastEventAt,
      expectedOn: orderParcel.expectedOn,
    })
    .from(orderParcel)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderParcel.orderId))
    .where(
      and(
        isNull(orderParcel.cancelledAt),
        or(isNull(orderParcel.polledAt), lt(orderParcel.polledAt, new Date(now.getTime() - every))),
        eq(sellerOrder.status, 'placed'),
      ),
    )
    .orderBy(sql`${orderParcel.polledAt} asc nulls first`)
    .limit(limit)
  let recorded = 0
  // Parcels with nothing new are marked asked together, in one statement after the loop: a
  // transaction each would hold the embedded database (one connection) for every parcel asked.
  const quiet: string[] = []
  for (const parcel of due) {
    const answer = await carrier.events(parcel.trackingNumber)
    if (!answer.ok && answer.reason === 'unavailable') continue
    const newest = answer.ok ? answer.events.at(-1) : undefined
    const news =
      answer.ok &&
      ((newest !== undefined && (!parcel.lastEventAt || newest.at > parcel.lastEventAt)) ||
        (answer.expectedOn !== null && answer.expectedOn !== parcel.expectedOn))
    if (!news) {
      quiet.push(parcel.id)
      continue
    }
    recorded += await db.transaction(async (tx) => {
      let added = 0
      const [order] = await tx
        .select({ status: sellerOrder.status })
        .from(sellerOrder)
        .where(eq(sellerOrder.id, parcel.orderId))
        .for('update')
      for (const event of answer.ok ? answer.events : []) {
        const [fresh] = await tx
          .insert(parcelEvent)
          .values({ parcelId: parcel.id, code: event.code, at: event.at })
          .onConflictDoNothing()
          .returning({ id: parcelEvent.id })
        if (!fresh || !order) continue
        added += 1
        // Only what the seller's page can name goes in the history; every scan is kept above.
        if (parcelStage(event.code))
          await tx.insert(orderEvent).values({
            orderId: parcel.orderId,
            at: event.at,
            actor: 'system',
            action: PARCEL_SCANNED,
            fromStatus: order.status,
            toStatus: order.status,
            reason: event.code,
          })
      }
      const last = answer.ok ? answer.events.at(-1) : undefined
      // The carrier's estimate while it has one; once delivered, the day it was.
      const delivered = last && parcelStage(last.code) === 'delivered' ? londonDay(last.at) : null
      const expectedOn = answer.ok ? (answer.expectedOn ?? delivered) : null
      await tx
        .update(orderParcel)
        .set({
          polledAt: now,
          ...(last ? { lastEventAt: last.at, lastEventCode: last.code } : {}),
          ...(expectedOn ? { expectedOn } : {}),
        })
        .where(eq(orderParcel.id, parcel.id))
      return added
    })
  }
  if (quiet.length) await db.update(orderParcel).set({ polledAt: now }).where(inArray(orderParcel.id, quiet))
  return { asked: due.length, recorded }
}

export type ExpectedParcel = {
  reference: string
  trackingNumber: string
  expectedOn: string
  lastEventCode: string | null
  lastEventAt: Date | null
}

/**
 * The parcels goods-in expects by `tomorrow` (London days, "2026-12-02"): still on their way to an
 * order waiting for them, by the day the carrier expects them (a day passed is still expected: it is
 * late, not gone), then by reference. Read by the index of open parcels by that day.
 */
export async function expectedParcels(db: Db, tomorrow: string, limit = 500): Promise<ExpectedParcel[]> {
  const rows = await db
    .select({
      reference: sellerOrder.reference,
      trackingNumber: orderParcel.trackingNumber,
      expectedOn: orderParcel.expectedOn,
      lastEventCode: orderParcel.lastEventCode,
      lastEventAt: orderParcel.lastEventAt,
    })
    .from(orderParcel)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderParcel.orderId))
    .where(
      and(isNull(orderParcel.cancelledAt), lte(orderParcel.expectedOn, tomorrow), eq(sellerOrder.status, 'placed')),
    )
    .orderBy(asc(orderParcel.expectedOn), asc(sellerOrder.reference))
    .limit(limit)
  return rows.map((row) => ({ ...row, expectedOn: row.expectedOn! }))
}

/** The carrier's label replaced (a second label): the reason names the old number and the new. */
export type ReplaceOutcome =
  { kind: 'replaced'; trackingNumber: string } | { kind: 'posted' | 'unavailable' | 'none' | 'not-waiting' }

/**
 * A second label for an order whose parcel is still to post: the new label is made first, then the
 * old one cancelled with the carrier (a parcel in the post keeps its label, and the new one is
 * cancelled again); then, in one transaction, the old one marked cancelled by a guarded update and
 * the new one kept, with its event. Two presses at once make one new label: the second's guarded
 * update finds the old label gone, and its label is cancelled with the carrier.
 */
export async function replaceLabel(
  db: Db,
  carrier: Carrier,
  request: { orderId: string; actor: 'seller' | 'staff'; actorUserId: string | null },
): Promise<ReplaceOutcome> {
  const [order] = await db.select().from(sellerOrder).where(eq(sellerOrder.id, request.orderId))
  if (!order || order.status !== 'placed') return { kind: 'not-waiting' }
  const [old] = await db
    .select({
      id: orderParcel.id,
      trackingNumber: orderParcel.trackingNumber,
      lastEventCode: orderParcel.lastEventCode,
    })
    .from(orderParcel)
    .where(and(eq(orderParcel.orderId, order.id), isNull(orderParcel.cancelledAt)))
  // No label yet: the labels job makes the first one.
  if (!old) return { kind: 'none' }
  if (old.lastEventCode) return { kind: 'posted' }
  const made = await askForLabel(db, carrier, order, { first: false })
  // No address to send from: erased since it was placed.
  if (!made) return { kind: 'not-waiting' }
  if (!made.ok) return { kind: 'unavailable' }
  const cancelled = await carrier.cancelLabel(old.trackingNumber)
  // 'unknown': the carrier has no such label to cancel, so the new one simply replaces it.
  if (!cancelled.ok && cancelled.reason !== 'unknown') {
    await discardLabel(db, carrier, order.id, made.label)
    return { kind: cancelled.reason === 'posted' ? 'posted' : 'unavailable' }
  }
  const kept = await db.transaction(async (tx) => {
    const [gone] = await tx
      .update(orderParcel)
      .set({ cancelledAt: new Date() })
      .where(and(eq(orderParcel.id, old.id), isNull(orderParcel.cancelledAt)))
      .returning({ id: orderParcel.id })
    if (!gone) return false
    await tx
      .insert(orderParcel)
      .values({ orderId: order.id, trackingNumber: made.label.trackingNumber, insuredPence: made.label.insuredPence })
    await tx.insert(orderEvent).values({
      orderId: order.id,
      actor: request.actor,
      actorUserId: request.actorUserId,
      action: LABEL_REPLACED,
      fromStatus: order.status,
      toStatus: order.status,
      reason: `${old.trackingNumber} → ${made.label.trackingNumber}`,
    })
    return true
  })
  if (!kept) {
    // Another press replaced it first: with the same key, by this same label, which stays.
    const now = await openParcel(db, order.id)
    if (now?.trackingNumber !== made.label.trackingNumber) await discardLabel(db, carrier, order.id, made.label)
    return now ? { kind: 'replaced', trackingNumber: now.trackingNumber } : { kind: 'none' }
  }
  return { kind: 'replaced', trackingNumber: made.label.trackingNumber }
}
