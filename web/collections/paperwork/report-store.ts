/**
 * A business collection's itemised report, issued with its waste transfer note when it closes
 * (closing.ts) and read when it is opened: every device collected with its grade and value from the
 * quote, and its end. The stock ledger's end (sold or sent to a refurbisher: reused; recycled) is
 * preferred; until it has one, the quote's: a value means reused, recycle means recycled.
 */
import 'server-only'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { collectionDevice, collectionDocument, collectionRequest, stockDevice } from '@/db/schema'

export type DeviceEnd = 'reused' | 'recycled'

export type CollectionReportFacts = {
  number: string
  organisation: string
  issuedAt: Date
  devices: Array<{
    position: number
    device: string
    imei: string
    /** The grade as the quote gave it, or null for a device never graded. */
    gradeName: string | null
    valuePence: number | null
    /** Null for a device neither valued nor marked recycle, with no end in the ledger yet. */
    end: DeviceEnd | null
  }>
}

const LEDGER_END: Record<string, DeviceEnd> = { sold: 'reused', refurbisher: 'reused', recycled: 'recycled' }

/** A device's end: the stock ledger's when it records one, or else what the quote said. */
export function deviceEnd(state: string, valuePence: number | null, recycle: boolean): DeviceEnd | null {
  const ledger = LEDGER_END[state]
  if (ledger) return ledger
  if (valuePence !== null) return 'reused'
  return recycle ? 'recycled' : null
}

/** The report with this number (as stored), or null for a number that is no collection report of ours. */
export async function collectionReportByNumber(
  db: Pick<Db, 'select'>,
  number: string,
): Promise<CollectionReportFacts | null> {
  const [document] = await db
    .select({
      requestId: collectionDocument.requestId,
      issuedAt: collectionDocument.issuedAt,
      organisation: collectionRequest.organisation,
    })
    .from(collectionDocument)
    .innerJoin(collectionRequest, eq(collectionRequest.id, collectionDocument.requestId))
    .where(and(eq(collectionDocument.number, number), eq(collectionDocument.kind, 'report')))
  if (!document) return null
  const rows = await db
    .select({
      position: collectionDevice.position,
      make: collectionDevice.make,
      model: collectionDevice.model,
      imei: collectionDevice.imei,
      gradeName: collectionDevice.gradeName,
      valuePence: collectionDevice.valuePence,
      recycle: collectionDevice.recycle,
      state: stockDevice.state,
    })
    .from(collectionDevice)
    .innerJoin(stockDevice, eq(stockDevice.collectionDeviceId, collectionDevice.id))
    .where(eq(collectionDevice.requestId, document.requestId))
    .orderBy(asc(collectionDevice.position))
  return {
    number,
    organisation: document.organisation,
    issuedAt: document.issuedAt,
    devices: rows.map((row) => ({
      position: row.position,
      device: `${row.make} ${row.model}`,
      imei: row.imei,
      gradeName: row.gradeName,
      valuePence: row.valuePence,
      end: deviceEnd(row.state, row.valuePence, row.recycle),
    })),
  }
}
