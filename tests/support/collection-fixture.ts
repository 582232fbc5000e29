import { randomUUID } from 'node:crypto'
import { readDeviceList } from '@/collections/device-list'
import { addCollectionDevices, collectionDevices } from '@/collections/devices-store'
import { moveCollectionRequest, recordCollectionRequest } from '@/collections/store'
import type { Db } from '@/db/connection'
import { stockDevice, user } from '@/db/schema'
import { recordErasure } from '@/stock/stock-store'
import { eq } from 'drizzle-orm'
import { imeiFrom } from './imei'

let nextImei = 500_000

/** A member of staff to act as, in both the shapes the stores take. */
export async function collectionStaff(db: Db) {
  const id = randomUUID()
  await db
    .insert(user)
    .values({ id, name: 'Robin Bench', email: `${id}@example.com`, role: 'staff' } as typeof user.$inferInsert)
  return { by: { actor: 'staff' as const, userId: id }, actor: { userId: id, name: 'Robin Bench' } }
}

/** A business collection, collected (the van is back), with no device recorded yet; its id and address. */
export async function collected(db: Db, staff: Awaited<ReturnType<typeof collectionStaff>>, deviceCount = 20) {
  const email = `jo.${randomUUID().slice(0, 8)}@example.com`
  const id = await recordCollectionRequest(
    db,
    {
      organisation: `Acme ${randomUUID().slice(0, 6)} Ltd`,
      contactName: 'Jo Bloggs',
      email,
      phone: '0113 496 0000',
      address: 'Unit 4, Mill Lane\nLeeds',
      postcode: 'LS1 4AB',
      deviceCount,
      devices: `${deviceCount} iPhone 12`,
      preferredDates: 'Any Tuesday',
    },
    (row) => ({
      to: row.email,
      subject: 'Thanks',
      text: 'Thanks',
      html: '<p>Thanks</p>',
      kind: 'collection-requested',
      collectionRequestId: row.id,
    }),
  )
  const { actor } = staff
  await moveCollectionRequest(db, { id, from: 'requested', to: 'booked', reason: 'date agreed', actor })
  await moveCollectionRequest(db, { id, from: 'booked', to: 'collected', reason: 'van back', actor })
  return { id, email }
}

/** A business collection, collected, with `count` devices pasted in; its id, address and the IMEIs. */
export async function collectedWithDevices(db: Db, staff: Awaited<ReturnType<typeof collectionStaff>>, count: number) {
  const { id, email } = await collected(db, staff, count)
  const imeis = Array.from({ length: count }, () => imeiFrom(nextImei++))
  const read = readDeviceList(imeis.map((imei) => `Apple, iPhone 12, ${imei}`).join('\n'))
  if (!read.ok) throw new Error(`unread: ${read.problem}`)
  await addCollectionDevices(db, id, read.devices, staff.by)
  return { id, email, imeis }
}

/** Records a passed (or failed) erasure for each of the collection's devices, as staff typing them would. */
export async function eraseAll(
  db: Db,
  staff: Awaited<ReturnType<typeof collectionStaff>>,
  id: string,
  result: 'passed' | 'failed' = 'passed',
  only?: number,
) {
  const devices = (await collectionDevices(db, id)).slice(0, only)
  for (const device of devices) {
    const [row] = await db
      .select({ id: stockDevice.id })
      .from(stockDevice)
      .where(eq(stockDevice.stockNumber, device.number))
    await recordErasure(db, {
      deviceId: row!.id,
      source: 'manual',
      mail: null,
      by: staff.by,
      facts: erasureFacts(result),
    })
  }
}

/** What an erasure tool's screen says of one device, as staff type it in: a passed or failed purge. */
export function erasureFacts(result: 'passed' | 'failed' = 'passed') {
  return {
    reportId: `R-${randomUUID()}`,
    tool: 'WipeSure Mobile',
    toolVersion: '5.2.1',
    operator: 'Robin Bench',
    erasedAt: new Date('2026-11-30T10:00:00Z'),
    mediaType: 'Flash, 64 GB',
    level: 'purge' as const,
    technique: 'Cryptographic erase',
    verification: 'Full verification',
    result,
  }
}
