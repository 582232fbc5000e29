import 'server-only'
import { and, asc, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, orderItemPhoto, sellerOrder, user } from '@/db/schema'
import { isUuid } from '@/lib/uuid'
import { PHOTO_LIMITS, PHOTO_TYPE, photosProblem, takesPhotos, type PhotoProblem } from './photo-rules'

/** A photo as pages list it: never its bytes, which only the photo's own route sends. */
export type PhotoInfo = Pick<
  typeof orderItemPhoto.$inferSelect,
  'id' | 'orderItemId' | 'width' | 'height' | 'byteSize' | 'createdAt'
>

const INFO = {
  id: orderItemPhoto.id,
  orderItemId: orderItemPhoto.orderItemId,
  width: orderItemPhoto.width,
  height: orderItemPhoto.height,
  byteSize: orderItemPhoto.byteSize,
  createdAt: orderItemPhoto.createdAt,
}

/** The photos of an order's devices, oldest first. */
export async function photosOf(db: Pick<Db, 'select'>, orderId: string): Promise<PhotoInfo[]> {
  return db
    .select(INFO)
    .from(orderItemPhoto)
    .where(eq(orderItemPhoto.orderId, orderId))
    .orderBy(asc(orderItemPhoto.createdAt), asc(orderItemPhoto.id))
}

/**
 * A photo as kept: turned the way the camera held it, at most PHOTO_LIMITS.edgePixels a side,
 * re-encoded as WebP. sharp writes no metadata unless asked, so no EXIF, GPS or camera serial
 * survives. Throws on a file that claims to be an image and cannot be decoded.
 */
export async function preparePhoto(file: Uint8Array): Promise<{ bytes: Buffer; width: number; height: number }> {
  const edge = PHOTO_LIMITS.edgePixels
  const { data, info } = await sharp(file, { failOn: 'error', limitInputPixels: PHOTO_LIMITS.inputPixels })
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true })
  return { bytes: data, width: info.width, height: info.height }
}

export type AddPhotosResult =
  { ok: true; added: number } | { ok: false; code: PhotoProblem | 'notFound' | 'wrongStatus' }

/**
 * Staff add photos to one device of an order: checked against the rules, made safe, then stored
 * with an event in the order's history, in one transaction that locks the order (two uploads at
 * once cannot pass the limit together).
 */
export async function addPhotos(
  db: Db,
  request: { reference: string; itemId: string; files: Uint8Array[]; staffId: string },
): Promise<AddPhotosResult> {
  if (!isUuid(request.itemId)) return { ok: false, code: 'notFound' }
  const early = photosProblem(request.files, 0)
  if (early) return { ok: false, code: early }
  const prepared: Array<Awaited<ReturnType<typeof preparePhoto>>> = []
  for (const file of request.files) {
    try {
      prepared.push(await preparePhoto(file))
    } catch {
      return { ok: false, code: 'photoUnreadable' }
    }
  }
  return db.transaction(async (tx): Promise<AddPhotosResult> => {
    const [order] = await tx
      .select({ id: sellerOrder.id, status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.reference, request.reference))
      .for('update')
    if (!order) return { ok: false, code: 'notFound' }
    const [item] = await tx
      .select({ id: orderItem.id, device: orderItem.device })
      .from(orderItem)
      .where(and(eq(orderItem.id, request.itemId), eq(orderItem.orderId, order.id)))
    if (!item) return { ok: false, code: 'notFound' }
    if (!takesPhotos(order.status)) return { ok: false, code: 'wrongStatus' }
    const [kept] = await tx.select({ n: count() }).from(orderItemPhoto).where(eq(orderItemPhoto.orderItemId, item.id))
    const problem = photosProblem(request.files, kept?.n ?? 0)
    if (problem) return { ok: false, code: problem }
    await tx.insert(orderItemPhoto).values(
      prepared.map((photo) => ({
        orderId: order.id,
        orderItemId: item.id,
        contentType: PHOTO_TYPE,
        bytes: photo.bytes,
        byteSize: photo.bytes.length,
        width: photo.width,
        height: photo.height,
        createdBy: request.staffId,
      })),
    )
    const [staff] = await tx.select({ name: user.name, role: user.role }).from(user).where(eq(user.id, request.staffId))
    await tx.insert(orderEvent).values({
      orderId: order.id,
      actor: staff?.role === 'manager' ? 'manager' : 'staff',
      actorUserId: request.staffId,
      actorName: staff?.name ?? null,
      action: 'add-photos',
      fromStatus: order.status,
      toStatus: order.status,
      reason: `${item.device}: ${prepared.length}`,
    })
    return { ok: true, added: prepared.length }
  })
}

/** One photo with the order it belongs to, for the route that decides who may see it. */
export async function readPhoto(db: Db, id: string) {
  if (!isUuid(id)) return null
  const [row] = await db
    .select({
      bytes: orderItemPhoto.bytes,
      contentType: orderItemPhoto.contentType,
      reference: sellerOrder.reference,
      userId: sellerOrder.userId,
    })
    .from(orderItemPhoto)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderItemPhoto.orderId))
    .where(eq(orderItemPhoto.id, id))
  return row ?? null
}
