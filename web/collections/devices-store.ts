/**
 * A business collection's devices: recorded by staff once it is collected, each becoming a stock
 * device (with its intake event) in the same transaction, and read back with their stock numbers
 * and latest erasures, as an order of many devices is. Nothing is added once the collection's
 * certificate is issued: what it lists stays what was collected.
 */
import 'server-only'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  collectionDevice,
  collectionDocument,
  collectionQuoteEvent,
  collectionRequest,
  stockDevice,
  stockEvent,
} from '@/db/schema'
import { staffName } from '@/orders/moves/move-store'
import { formatStockNumber } from '@/stock/stock-store'
import type { CollectionDeviceInput } from './device-list'
import { isCollectionRequestId } from './statuses'

export type CollectionActor = { actor: 'staff' | 'manager'; userId: string }

export type AddDevicesOutcome =
  | { kind: 'added'; count: number }
  | { kind: 'refused'; code: 'notFound' | 'notCollected' | 'certified' | 'quoteSent' }
  /** A device already recorded for this collection: its IMEI, so the message can name it. */
  | { kind: 'refused'; code: 'alreadyListed'; imei: string }

/**
 * Adds devices to a collection that has been collected, each with a stock number (in stock, not
 * yet shelved) and its intake event, in one transaction: all of them or none. The request is
 * locked while it happens, so two staff adding lists at once get positions one after the other.
 */
export async function addCollectionDevices(
  db: Db,
  requestId: string,
  devices: CollectionDeviceInput[],
  by: CollectionActor,
): Promise<AddDevicesOutcome> {
  if (!isCollectionRequestId(requestId)) return { kind: 'refused', code: 'notFound' }
  return db.transaction(async (tx): Promise<AddDevicesOutcome> => {
    const [request] = await tx
      .select({ status: collectionRequest.status })
      .from(collectionRequest)
      .where(eq(collectionRequest.id, requestId))
      .for('update')
    if (!request) return { kind: 'refused', code: 'notFound' }
    if (request.status !== 'collected') return { kind: 'refused', code: 'notCollected' }
    if (await hasCertificate(tx, requestId)) return { kind: 'refused', code: 'certified' }
    // The quote lists the devices as they were when it was sent: a device added after would be left out of it.
    const [quoted] = await tx
      .select({ id: collectionQuoteEvent.id })
      .from(collectionQuoteEvent)
      .where(and(eq(collectionQuoteEvent.requestId, requestId), isNull(collectionQuoteEvent.deviceId)))
    if (quoted) return { kind: 'refused', code: 'quoteSent' }
    const [known] = await tx
      .select({ imei: collectionDevice.imei })
      .from(collectionDevice)
      .where(
        and(
          eq(collectionDevice.requestId, requestId),
          inArray(
            collectionDevice.imei,
            devices.map((device) => device.imei),
          ),
        ),
      )
      .limit(1)
    if (known) return { kind: 'refused', code: 'alreadyListed', imei: known.imei }
    const [{ last } = { last: 0 }] = await tx
      .select({ last: sql<number>`coalesce(max(${collectionDevice.position}), 0)::int` })
      .from(collectionDevice)
      .where(eq(collectionDevice.requestId, requestId))
    const added = await tx
      .insert(collectionDevice)
      .values(devices.map((device, index) => ({ ...device, requestId, position: last + index + 1 })))
      .returning({ id: collectionDevice.id })
    const stocked = await tx
      .insert(stockDevice)
      .values(added.map(({ id }) => ({ collectionDeviceId: id })))
      .returning({ id: stockDevice.id })
    const actorName = await staffName(tx, by.actor, by.userId)
    await tx.insert(stockEvent).values(
      stocked.map(({ id }) => ({
        deviceId: id,
        action: 'intake',
        actor: by.actor,
        actorUserId: by.userId,
        actorName,
        fromState: 'in-stock',
        toState: 'in-stock',
      })),
    )
    return { kind: 'added', count: added.length }
  })
}

export type CollectionDeviceView = {
  position: number
  make: string
  model: string
  imei: string
  stockNumber: string
  /** As stored, for the stock page's address. */
  number: number
  state: string
  /** The latest erasure's result, or null when none is recorded. */
  erasure: 'passed' | 'failed' | null
  /** The quote's value in pence, or null (recycle, or not valued yet). */
  valuePence: number | null
  recycle: boolean
  /** The grade given with the value (key and name), or null when not graded yet. */
  gradeKey: string | null
  gradeName: string | null
}

const latestErasure = sql<'passed' | 'failed' | null>`(select e.result from device_erasure e
  where e.device_id = "stock_device"."id" order by e.erased_at desc, e.created_at desc limit 1)`

/** A collection's devices in the order they were recorded, with their stock numbers and erasure states. */
export async function collectionDevices(db: Pick<Db, 'select'>, requestId: string): Promise<CollectionDeviceView[]> {
  if (!isCollectionRequestId(requestId)) return []
  const rows = await db
    .select({
      position: collectionDevice.position,
      make: collectionDevice.make,
      model: collectionDevice.model,
      imei: collectionDevice.imei,
      number: stockDevice.stockNumber,
      state: stockDevice.state,
      erasure: latestErasure,
      valuePence: collectionDevice.valuePence,
      recycle: collectionDevice.recycle,
      gradeKey: collectionDevice.gradeKey,
      gradeName: collectionDevice.gradeName,
    })
    .from(collectionDevice)
    .innerJoin(stockDevice, eq(stockDevice.collectionDeviceId, collectionDevice.id))
    .where(eq(collectionDevice.requestId, requestId))
    .orderBy(asc(collectionDevice.position))
  return rows.map((row) => ({ ...row, stockNumber: formatStockNumber(row.number) }))
}

/** Whether the collection's certificate is issued: its list of devices is then closed. */
export async function hasCertificate(db: Pick<Db, 'select'>, requestId: string): Promise<boolean> {
  if (!isCollectionRequestId(requestId)) return false
  const [row] = await db
    .select({ id: collectionDocument.id })
    .from(collectionDocument)
    .where(and(eq(collectionDocument.requestId, requestId), eq(collectionDocument.kind, 'certificate')))
  return Boolean(row)
}
