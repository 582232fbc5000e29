/**
 * A business collection's paperwork: its one erasure certificate, listing every device by IMEI
 * (issued only once every device has a passed erasure, and then its device list is closed), read
 * back by its number for the public check page and the PDF; and its waste transfer note, issued in
 * the transaction that closes the collection (store.ts). Each document is one row, never changed.
 */
import 'server-only'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  collectionDevice,
  collectionDocument,
  collectionRequest,
  collectionRequestEvent,
  deviceErasure,
  stockDevice,
} from '@/db/schema'
import type { CollectionDocumentKind } from '@/db/schema/collections'
import { staffName, type Tx } from '@/orders/moves/move-store'
import { newCertificateCode } from '@/stock/certificate-code'
import type { CollectionActor } from '../devices-store'
import { isCollectionRequestId } from '../statuses'

export type IssueOutcome =
  | { kind: 'issued'; number: string }
  | { kind: 'already'; number: string }
  | { kind: 'refused'; code: 'notFound' | 'notCollected' | 'noDevices' }
  /** Some devices have no passed erasure (none yet, or the latest failed): how many. */
  | { kind: 'refused'; code: 'notAllErased'; count: number }

type Reader = Pick<Db, 'select'>

/** Each device of the collection with its latest erasure's result (null: none recorded). */
async function erasureStates(db: Reader, requestId: string) {
  const rows = await db
    .select({ position: collectionDevice.position, result: deviceErasure.result })
    .from(collectionDevice)
    .innerJoin(stockDevice, eq(stockDevice.collectionDeviceId, collectionDevice.id))
    .leftJoin(deviceErasure, eq(deviceErasure.deviceId, stockDevice.id))
    .where(eq(collectionDevice.requestId, requestId))
    .orderBy(asc(collectionDevice.position), desc(deviceErasure.erasedAt), desc(deviceErasure.recordedAt))
  const latest = new Map<number, string | null>()
  for (const row of rows) if (!latest.has(row.position)) latest.set(row.position, row.result)
  return [...latest.values()]
}

/** The document of a kind issued for a collection, or null. */
export async function collectionDocumentOf(
  db: Reader,
  requestId: string,
  kind: CollectionDocumentKind,
): Promise<{ number: string; issuedAt: Date } | null> {
  if (!isCollectionRequestId(requestId)) return null
  const [row] = await db
    .select({ number: collectionDocument.number, issuedAt: collectionDocument.issuedAt })
    .from(collectionDocument)
    .where(and(eq(collectionDocument.requestId, requestId), eq(collectionDocument.kind, kind)))
  return row ?? null
}

/** Writes a document for the collection, or finds the one already there (a double click writes one). */
export async function issueDocument(
  tx: Tx,
  requestId: string,
  kind: CollectionDocumentKind,
  by: { userId: string; name: string },
  now = new Date(),
): Promise<{ number: string; fresh: boolean }> {
  const [row] = await tx
    .insert(collectionDocument)
    .values({
      requestId,
      kind,
      number: newCertificateCode(),
      issuedAt: now,
      issuedBy: by.userId,
      issuedByName: by.name,
    })
    .onConflictDoNothing({ target: [collectionDocument.requestId, collectionDocument.kind] })
    .returning({ number: collectionDocument.number })
  if (row) return { number: row.number, fresh: true }
  const existing = await collectionDocumentOf(tx, requestId, kind)
  return { number: existing!.number, fresh: false }
}

/**
 * Issues the collection's certificate: only for a collected collection with devices, every one of
 * them with a passed latest erasure. The request is locked while it is checked, so no device can
 * be added between the check and the certificate.
 */
export async function issueCollectionCertificate(
  db: Db,
  requestId: string,
  by: CollectionActor,
  now = new Date(),
): Promise<IssueOutcome> {
  if (!isCollectionRequestId(requestId)) return { kind: 'refused', code: 'notFound' }
  return db.transaction(async (tx): Promise<IssueOutcome> => {
    const [request] = await tx
      .select({ status: collectionRequest.status })
      .from(collectionRequest)
      .where(eq(collectionRequest.id, requestId))
      .for('update')
    if (!request) return { kind: 'refused', code: 'notFound' }
    const existing = await collectionDocumentOf(tx, requestId, 'certificate')
    if (existing) return { kind: 'already', number: existing.number }
    if (request.status !== 'collected') return { kind: 'refused', code: 'notCollected' }
    const states = await erasureStates(tx, requestId)
    if (!states.length) return { kind: 'refused', code: 'noDevices' }
    const waiting = states.filter((result) => result !== 'passed').length
    if (waiting) return { kind: 'refused', code: 'notAllErased', count: waiting }
    const name = (await staffName(tx, by.actor, by.userId)) ?? ''
    const { number } = await issueDocument(tx, requestId, 'certificate', { userId: by.userId, name }, now)
    return { kind: 'issued', number }
  })
}

export type CollectionCertificateFacts = {
  number: string
  organisation: string
  issuedAt: Date
  devices: Array<{
    position: number
    device: string
    imei: string
    level: 'clear' | 'purge' | 'destroy'
    erasedAt: Date
  }>
}

/**
 * The certificate with this number (as stored), for anyone holding it: the organisation, when it
 * was issued, and every device with its IMEI and its latest passed erasure. Never the business's
 * contact or address. Null for a number that is no collection certificate of ours.
 */
export async function collectionCertificateByNumber(
  db: Reader,
  number: string,
): Promise<CollectionCertificateFacts | null> {
  const [document] = await db
    .select({
      requestId: collectionDocument.requestId,
      issuedAt: collectionDocument.issuedAt,
      organisation: collectionRequest.organisation,
    })
    .from(collectionDocument)
    .innerJoin(collectionRequest, eq(collectionRequest.id, collectionDocument.requestId))
    .where(and(eq(collectionDocument.number, number), eq(collectionDocument.kind, 'certificate')))
  if (!document) return null
  const rows = await db
    .select({
      position: collectionDevice.position,
      make: collectionDevice.make,
      model: collectionDevice.model,
      imei: collectionDevice.imei,
      level: deviceErasure.level,
      erasedAt: deviceErasure.erasedAt,
    })
    .from(collectionDevice)
    .innerJoin(stockDevice, eq(stockDevice.collectionDeviceId, collectionDevice.id))
    .innerJoin(deviceErasure, and(eq(deviceErasure.deviceId, stockDevice.id), eq(deviceErasure.result, 'passed')))
    .where(eq(collectionDevice.requestId, document.requestId))
    .orderBy(asc(collectionDevice.position), desc(deviceErasure.erasedAt), desc(deviceErasure.recordedAt))
  const devices = new Map<number, CollectionCertificateFacts['devices'][number]>()
  for (const row of rows)
    if (!devices.has(row.position))
      devices.set(row.position, {
        position: row.position,
        device: `${row.make} ${row.model}`,
        imei: row.imei,
        level: row.level as 'clear' | 'purge' | 'destroy',
        erasedAt: row.erasedAt,
      })
  return { number, organisation: document.organisation, issuedAt: document.issuedAt, devices: [...devices.values()] }
}

export type WasteNoteFacts = {
  number: string
  organisation: string
  address: string
  postcode: string
  /** The business's SIC code as it gave it on the collection form; null when it gave none. */
  sicCode: string | null
  count: number
  /** The day the devices were transferred: when the collection was marked collected. */
  transferredAt: Date
}

/** What the waste transfer note states, read when it is opened: the note, the business, how many, and the day of the transfer. */
export async function wasteNoteByNumber(db: Reader, number: string): Promise<WasteNoteFacts | null> {
  const [row] = await db
    .select({
      requestId: collectionDocument.requestId,
      organisation: collectionRequest.organisation,
      address: collectionRequest.address,
      postcode: collectionRequest.postcode,
      sicCode: collectionRequest.sicCode,
      issuedAt: collectionDocument.issuedAt,
    })
    .from(collectionDocument)
    .innerJoin(collectionRequest, eq(collectionRequest.id, collectionDocument.requestId))
    .where(and(eq(collectionDocument.number, number), eq(collectionDocument.kind, 'waste-note')))
  if (!row) return null
  const [devices] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(collectionDevice)
    .where(eq(collectionDevice.requestId, row.requestId))
  const [collected] = await db
    .select({ at: collectionRequestEvent.at })
    .from(collectionRequestEvent)
    .where(and(eq(collectionRequestEvent.requestId, row.requestId), eq(collectionRequestEvent.toStatus, 'collected')))
    .orderBy(desc(collectionRequestEvent.id))
    .limit(1)
  return {
    number,
    organisation: row.organisation,
    address: row.address,
    postcode: row.postcode,
    sicCode: row.sicCode,
    count: devices?.count ?? 0,
    transferredAt: collected?.at ?? row.issuedAt,
  }
}
