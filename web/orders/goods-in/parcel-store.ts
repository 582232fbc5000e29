/**
 * The unmatched parcels queue: the open parcels with their note and photo, and what staff do to
 * one: note it, join it to its order (received there) or mark it returned. Each locks the parcel's
 * row and acts only while it is open, with its event, so two staff never both close one.
 */
import 'server-only'
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { sellerOrder, unmatchedParcel, unmatchedParcelEvent } from '@/db/schema'
import { isUuid } from '@/lib/uuid'
import { PHOTO_TYPE } from '@/orders/photos/photo-rules'
import { normaliseReference } from '@/orders/record/references'
import { staffName, type Tx } from '@/orders/moves/move-store'
import type { GoodsInStaff } from './goods-in-rules'
import { receiveInTx, type Receiving } from './goods-in-store'

export type ParcelView = {
  id: string
  code: string
  note: string | null
  hasPhoto: boolean
  createdAt: Date
  createdByName: string | null
}

/** The parcels still waiting, oldest first. */
export async function openParcels(db: Db): Promise<ParcelView[]> {
  const rows = await db
    .select({
      id: unmatchedParcel.id,
      code: unmatchedParcel.code,
      note: unmatchedParcel.note,
      photoType: unmatchedParcel.photoType,
      createdAt: unmatchedParcel.createdAt,
      createdByName: unmatchedParcel.createdByName,
    })
    .from(unmatchedParcel)
    .where(eq(unmatchedParcel.state, 'open'))
    .orderBy(asc(unmatchedParcel.createdAt), asc(unmatchedParcel.id))
  return rows.map(({ photoType, ...row }) => ({ ...row, hasPhoto: photoType !== null }))
}

/** A parcel's photo, for the staff-only route that serves it. */
export async function parcelPhoto(db: Db, id: string) {
  if (!isUuid(id)) return null
  const [row] = await db
    .select({ bytes: unmatchedParcel.photo, contentType: unmatchedParcel.photoType })
    .from(unmatchedParcel)
    .where(eq(unmatchedParcel.id, id))
  return row?.bytes && row.contentType ? { bytes: row.bytes, contentType: row.contentType } : null
}

/** A parcel's history, newest first. */
export async function parcelEvents(db: Db, id: string) {
  if (!isUuid(id)) return []
  return db
    .select()
    .from(unmatchedParcelEvent)
    .where(eq(unmatchedParcelEvent.parcelId, id))
    .orderBy(desc(unmatchedParcelEvent.id))
}

/** Closed already: by whom and when, so the second of two staff is told. */
export type ParcelRefusal =
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'closed'; state: string; by: string | null; at: Date | null }
  | { ok: false; reason: 'orderNotFound' }
  | { ok: false; reason: 'notReceivable'; status: string }

type Locked = { id: string; code: string; state: string; closedByName: string | null; closedAt: Date | null }

/** The parcel's row, locked for this transaction, if it is still open; otherwise why not. */
async function lockOpen(tx: Tx, id: string): Promise<Locked | ParcelRefusal> {
  const [parcel] = await tx
    .select({
      id: unmatchedParcel.id,
      code: unmatchedParcel.code,
      state: unmatchedParcel.state,
      closedByName: unmatchedParcel.closedByName,
      closedAt: unmatchedParcel.closedAt,
    })
    .from(unmatchedParcel)
    .where(eq(unmatchedParcel.id, id))
    .for('update')
  if (!parcel) return { ok: false, reason: 'notFound' }
  if (parcel.state !== 'open')
    return { ok: false, reason: 'closed', state: parcel.state, by: parcel.closedByName, at: parcel.closedAt }
  return parcel
}

async function event(
  tx: Tx,
  parcelId: string,
  action: string,
  staff: GoodsInStaff,
  name: string | null,
  note: string | null,
) {
  await tx.insert(unmatchedParcelEvent).values({ parcelId, action, actorUserId: staff.id, actorName: name, note })
}

/** A note and, if given, a photo (made safe by the photo room's rules) on an open parcel. */
export async function noteParcel(
  db: Db,
  request: {
    parcelId: string
    staff: GoodsInStaff
    note: string | null
    photo?: { bytes: Buffer; width: number; height: number } | null
  },
): Promise<{ ok: true; code: string } | ParcelRefusal> {
  if (!isUuid(request.parcelId)) return { ok: false, reason: 'notFound' }
  return db.transaction(async (tx) => {
    const parcel = await lockOpen(tx, request.parcelId)
    if ('ok' in parcel) return parcel
    const photo = request.photo
      ? {
          photo: request.photo.bytes,
          photoType: PHOTO_TYPE,
          photoWidth: request.photo.width,
          photoHeight: request.photo.height,
        }
      : {}
    await tx
      .update(unmatchedParcel)
      .set({ note: request.note, ...photo })
      .where(eq(unmatchedParcel.id, parcel.id))
    await event(
      tx,
      parcel.id,
      'noted',
      request.staff,
      await staffName(tx, request.staff.role, request.staff.id),
      request.note,
    )
    return { ok: true, code: parcel.code }
  })
}

/**
 * Joins an open parcel to the order whose reference staff typed: the order is received through the
 * guarded move (its event says why) and the parcel closed with its own event, in one transaction.
 */
export async function joinParcel(
  db: Db,
  request: { parcelId: string; reference: string; staff: GoodsInStaff; reason: string; receiving: Receiving },
): Promise<{ ok: true; reference: string } | ParcelRefusal> {
  if (!isUuid(request.parcelId)) return { ok: false, reason: 'notFound' }
  const reference = normaliseReference(request.reference)
  return db.transaction(async (tx) => {
    const parcel = await lockOpen(tx, request.parcelId)
    if ('ok' in parcel) return parcel
    const [order] = reference
      ? await tx
          .select({ id: sellerOrder.id, status: sellerOrder.status })
          .from(sellerOrder)
          .where(eq(sellerOrder.reference, reference))
      : []
    if (!order || !reference) return { ok: false, reason: 'orderNotFound' }
    if (!(await receiveInTx(tx, order, request.staff, request.reason, request.receiving))) {
      const [now] = await tx
        .select({ status: sellerOrder.status })
        .from(sellerOrder)
        .where(eq(sellerOrder.id, order.id))
      return { ok: false, reason: 'notReceivable', status: now?.status ?? order.status }
    }
    const name = await staffName(tx, request.staff.role, request.staff.id)
    await tx
      .update(unmatchedParcel)
      .set({ state: 'joined', orderId: order.id, closedBy: request.staff.id, closedByName: name, closedAt: new Date() })
      .where(and(eq(unmatchedParcel.id, parcel.id), eq(unmatchedParcel.state, 'open')))
    await event(tx, parcel.id, 'joined', request.staff, name, reference)
    return { ok: true, reference }
  })
}

/** Marks an open parcel returned to its sender, with why. */
export async function returnParcel(
  db: Db,
  request: { parcelId: string; staff: GoodsInStaff; note: string },
): Promise<{ ok: true } | ParcelRefusal> {
  if (!isUuid(request.parcelId)) return { ok: false, reason: 'notFound' }
  return db.transaction(async (tx) => {
    const parcel = await lockOpen(tx, request.parcelId)
    if ('ok' in parcel) return parcel
    const name = await staffName(tx, request.staff.role, request.staff.id)
    await tx
      .update(unmatchedParcel)
      .set({
        state: 'returned',
        closedBy: request.staff.id,
        closedByName: name,
        closedAt: new Date(),
        closedNote: request.note,
      })
      .where(and(eq(unmatchedParcel.id, parcel.id), eq(unmatchedParcel.state, 'open')))
    await event(tx, parcel.id, 'returned', request.staff, name, request.note)
    return { ok: true, code: parcel.code }
  })
}

/** How many parcels wait, for the link to them. */
export async function openParcelCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(unmatchedParcel).where(eq(unmatchedParcel.state, 'open'))
  return row?.n ?? 0
}
