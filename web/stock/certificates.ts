/**
 * Erasure certificates: the facts one proves, read by its number for the public verification page
 * and the PDF, and the certificates of one order's devices for its seller. Only a passed erasure
 * has a certificate; nothing here names the seller, and the IMEI is given by its last digits only.
 */
import 'server-only'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { collectionDevice, deviceErasure, orderItem, stockDevice } from '@/db/schema'
import { deviceImei, deviceName } from './device-source'
import { IMEI_SHOWN } from './imei-shown'

export type CertificateFacts = {
  code: string
  /** Make, model and storage, as the device was bought. */
  device: string
  /** The IMEI's or serial's last characters; null when the device had none recorded. */
  imeiEnding: string | null
  level: 'clear' | 'purge' | 'destroy'
  technique: string
  tool: string
  toolVersion: string
  mediaType: string
  verification: string
  erasedAt: Date
}

const facts = {
  code: deviceErasure.certificateCode,
  device: deviceName,
  imei: deviceImei,
  level: deviceErasure.level,
  technique: deviceErasure.technique,
  tool: deviceErasure.tool,
  toolVersion: deviceErasure.toolVersion,
  mediaType: deviceErasure.mediaType,
  verification: deviceErasure.verification,
  erasedAt: deviceErasure.erasedAt,
}

type Row = { imei: string | null; level: string } & Omit<CertificateFacts, 'imeiEnding' | 'level'>
const toFacts = ({ imei, level, ...row }: Row): CertificateFacts => ({
  ...row,
  level: level as CertificateFacts['level'],
  imeiEnding: imei ? imei.slice(-IMEI_SHOWN) : null,
})

/** The certificate with this number (as stored: see parseCertificateCode), or null for none. */
export async function certificateByCode(db: Db, code: string): Promise<CertificateFacts | null> {
  const [row] = await db
    .select(facts)
    .from(deviceErasure)
    .innerJoin(stockDevice, eq(stockDevice.id, deviceErasure.deviceId))
    .leftJoin(orderItem, eq(orderItem.id, stockDevice.orderItemId))
    .leftJoin(collectionDevice, eq(collectionDevice.id, stockDevice.collectionDeviceId))
    .where(and(eq(deviceErasure.certificateCode, code), eq(deviceErasure.result, 'passed')))
  return row ? toFacts(row) : null
}

/**
 * The certificates of an order's devices, for its seller: each device's latest passed erasure, in
 * the order's device order. A device not erased yet has none.
 */
export async function orderCertificates(
  db: Db,
  orderId: string,
): Promise<Array<CertificateFacts & { position: number }>> {
  const rows = await db
    .select({ ...facts, position: orderItem.position })
    .from(deviceErasure)
    .innerJoin(stockDevice, eq(stockDevice.id, deviceErasure.deviceId))
    .innerJoin(orderItem, eq(orderItem.id, stockDevice.orderItemId))
    .leftJoin(collectionDevice, eq(collectionDevice.id, stockDevice.collectionDeviceId))
    .where(and(eq(orderItem.orderId, orderId), eq(deviceErasure.result, 'passed')))
    .orderBy(orderItem.position, desc(deviceErasure.erasedAt), desc(deviceErasure.recordedAt))
  const latest = new Map<number, (typeof rows)[number]>()
  for (const row of rows) if (!latest.has(row.position)) latest.set(row.position, row)
  return [...latest.values()].map(({ position, ...row }) => ({ ...toFacts(row), position }))
}
