/**
 * A business collection's quote: once collected, staff value each device (a price in pence, or
 * recycle: no value) and grade it (a Condition grade's key and name), each change a guarded update with its event; once every device is valued,
 * the quote is sent once: its event (who, when, the total) and the business's e-mail in one
 * transaction, with the payment it opens (payment-store.ts) when its total is above £0. Values are
 * closed once the quote is sent: what the business was told stays true.
 */
import 'server-only'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { collectionDevice, collectionQuoteEvent, collectionRequest, type CollectionRequestRow } from '@/db/schema'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import { staffName, type Tx } from '@/orders/moves/move-store'
import type { CollectionActor } from '../devices-store'
import { openCollectionPayment } from '../payment/payment-link'
import { isCollectionRequestId } from '../statuses'

/** A device's condition grade: the Condition grade document's key, and its name as the quote says it. */
export type DeviceGrade = { key: string; name: string }

/** What staff record for a device: what it is worth, or that it will be recycled, and its grade. */
export type DeviceValue = ({ kind: 'price'; pence: number } | { kind: 'recycle' }) & { grade: DeviceGrade }

export type ValueOutcome =
  | { kind: 'valued' }
  /** The device already had this value (the same form sent twice): nothing was written. */
  | { kind: 'unchanged' }
  | { kind: 'refused'; code: 'notFound' | 'notCollected' | 'quoteSent' }

export type QuoteDevice = {
  make: string
  model: string
  imei: string
  valuePence: number | null
  recycle: boolean
  gradeName: string | null
}
export type Quote = { devices: QuoteDevice[]; totalPence: number }

export type SendOutcome =
  | { kind: 'sent'; totalPence: number }
  /** Sent before (a double click, or someone else first): nothing was sent again. */
  | { kind: 'already' }
  | { kind: 'refused'; code: 'notFound' | 'notCollected' | 'noDevices' }
  /** Some devices have neither a value nor recycle, or no grade: how many. */
  | { kind: 'refused'; code: 'notValued'; count: number }

/**
 * The quote's e-mail, made in the sending transaction from the request and its devices' values,
 * with the token of the business's link for its bank details (null for a quote of £0: nothing to pay).
 */
export type QuoteMail = (request: CollectionRequestRow, quote: Quote, bankLinkToken: string | null) => QueuedEmail

/** The request, locked for the rest of the transaction, and whether its quote was sent. */
async function lockRequest(tx: Tx, requestId: string) {
  const [request] = await tx.select().from(collectionRequest).where(eq(collectionRequest.id, requestId)).for('update')
  if (!request) return null
  return { request, sent: Boolean(await quoteSentEvent(tx, requestId)) }
}

async function quoteSentEvent(db: Pick<Db, 'select'>, requestId: string) {
  const [row] = await db
    .select()
    .from(collectionQuoteEvent)
    .where(and(eq(collectionQuoteEvent.requestId, requestId), isNull(collectionQuoteEvent.deviceId)))
  return row ?? null
}

/**
 * Values and grades the collection's device at `position`: a price or recycle and a grade,
 * replacing any before, with an event saying who and when. Refused before the collection is collected and once its quote
 * is sent; the same value and grade again write nothing.
 */
export async function valueCollectionDevice(
  db: Db,
  requestId: string,
  position: number,
  value: DeviceValue,
  by: CollectionActor,
  now = new Date(),
): Promise<ValueOutcome> {
  if (!isCollectionRequestId(requestId) || !Number.isSafeInteger(position)) return { kind: 'refused', code: 'notFound' }
  return db.transaction(async (tx): Promise<ValueOutcome> => {
    const locked = await lockRequest(tx, requestId)
    if (!locked) return { kind: 'refused', code: 'notFound' }
    if (locked.request.status !== 'collected') return { kind: 'refused', code: 'notCollected' }
    if (locked.sent) return { kind: 'refused', code: 'quoteSent' }
    const valuePence = value.kind === 'price' ? value.pence : null
    const recycle = value.kind === 'recycle'
    const [device] = await tx
      .select({
        id: collectionDevice.id,
        valuePence: collectionDevice.valuePence,
        recycle: collectionDevice.recycle,
        gradeKey: collectionDevice.gradeKey,
      })
      .from(collectionDevice)
      .where(and(eq(collectionDevice.requestId, requestId), eq(collectionDevice.position, position)))
    if (!device) return { kind: 'refused', code: 'notFound' }
    const { key: gradeKey, name: gradeName } = value.grade
    if (device.valuePence === valuePence && device.recycle === recycle && device.gradeKey === gradeKey)
      return { kind: 'unchanged' }
    await tx
      .update(collectionDevice)
      .set({ valuePence, recycle, gradeKey, gradeName })
      .where(eq(collectionDevice.id, device.id))
    const actorName = (await staffName(tx, by.actor, by.userId)) ?? ''
    await tx.insert(collectionQuoteEvent).values({
      requestId,
      deviceId: device.id,
      at: now,
      actorUserId: by.userId,
      actorName,
      valuePence,
      recycle,
      gradeKey,
      gradeName,
    })
    return { kind: 'valued' }
  })
}

/** The collection's devices with their values, in the order they were recorded. */
export async function quoteOf(db: Pick<Db, 'select'>, requestId: string): Promise<Quote> {
  const devices = await db
    .select({
      make: collectionDevice.make,
      model: collectionDevice.model,
      imei: collectionDevice.imei,
      valuePence: collectionDevice.valuePence,
      recycle: collectionDevice.recycle,
      gradeName: collectionDevice.gradeName,
    })
    .from(collectionDevice)
    .where(eq(collectionDevice.requestId, requestId))
    .orderBy(asc(collectionDevice.position))
  return { devices, totalPence: devices.reduce((sum, device) => sum + (device.valuePence ?? 0), 0) }
}

/**
 * Sends the collection's quote: only once it is collected and every device is valued or marked
 * recycle, and graded. Its event (who, when, the total) and the business's e-mail are kept in one transaction;
 * sent twice, the second finds the first and sends nothing.
 */
export async function sendCollectionQuote(
  db: Db,
  requestId: string,
  by: CollectionActor,
  mail: QuoteMail,
  now = new Date(),
): Promise<SendOutcome> {
  if (!isCollectionRequestId(requestId)) return { kind: 'refused', code: 'notFound' }
  return db.transaction(async (tx): Promise<SendOutcome> => {
    const locked = await lockRequest(tx, requestId)
    if (!locked) return { kind: 'refused', code: 'notFound' }
    if (locked.sent) return { kind: 'already' }
    if (locked.request.status !== 'collected') return { kind: 'refused', code: 'notCollected' }
    const quote = await quoteOf(tx, requestId)
    if (!quote.devices.length) return { kind: 'refused', code: 'noDevices' }
    const waiting = quote.devices.filter(
      (device) => (device.valuePence === null && !device.recycle) || device.gradeName === null,
    ).length
    if (waiting) return { kind: 'refused', code: 'notValued', count: waiting }
    const actorName = (await staffName(tx, by.actor, by.userId)) ?? ''
    const [sent] = await tx
      .insert(collectionQuoteEvent)
      .values({ requestId, at: now, actorUserId: by.userId, actorName, valuePence: quote.totalPence })
      .onConflictDoNothing()
      .returning({ id: collectionQuoteEvent.id })
    if (!sent) return { kind: 'already' }
    const token = quote.totalPence > 0 ? await openCollectionPayment(tx, requestId, quote.totalPence) : null
    await queueEmails(tx, [mail(locked.request, quote, token)])
    return { kind: 'sent', totalPence: quote.totalPence }
  })
}

export type QuoteHistoryEvent = {
  id: number
  at: Date
  actorName: string
  /** The device valued (make, model, IMEI), or null for the quote sent. */
  device: { make: string; model: string; imei: string } | null
  valuePence: number | null
  recycle: boolean
  /** The grade given with the value (null for the quote sent, or a value given before grades were). */
  gradeName: string | null
}

/** Every change to the collection's quote, oldest first, and when it was sent (null: not yet). */
export async function collectionQuoteHistory(
  db: Pick<Db, 'select'>,
  requestId: string,
): Promise<{ events: QuoteHistoryEvent[]; sent: { at: Date; actorName: string; totalPence: number } | null }> {
  if (!isCollectionRequestId(requestId)) return { events: [], sent: null }
  const rows = await db
    .select({
      id: collectionQuoteEvent.id,
      at: collectionQuoteEvent.at,
      actorName: collectionQuoteEvent.actorName,
      make: collectionDevice.make,
      model: collectionDevice.model,
      imei: collectionDevice.imei,
      valuePence: collectionQuoteEvent.valuePence,
      recycle: collectionQuoteEvent.recycle,
      gradeName: collectionQuoteEvent.gradeName,
    })
    .from(collectionQuoteEvent)
    .leftJoin(collectionDevice, eq(collectionDevice.id, collectionQuoteEvent.deviceId))
    .where(eq(collectionQuoteEvent.requestId, requestId))
    .orderBy(asc(collectionQuoteEvent.id))
  const events = rows.map(({ make, model, imei, ...event }) => ({
    ...event,
    device: make !== null && model !== null && imei !== null ? { make, model, imei } : null,
  }))
  const last = events.find((event) => event.device === null)
  return { events, sent: last ? { at: last.at, actorName: last.actorName, totalPence: last.valuePence ?? 0 } : null }
}
