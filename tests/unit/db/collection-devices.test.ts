import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { readDeviceList } from '@/collections/device-list'
import { addCollectionDevices, collectionDevices } from '@/collections/devices-store'
import {
  collectionRequestsOf,
  eraseCollectionRequestsOf,
  getCollectionRequest,
  moveCollectionRequest,
  recordCollectionRequest,
} from '@/collections/store'
import type { Db } from '@/db/connection'
import { stockDevice, stockEvent, user } from '@/db/schema'
import { isImei } from '@/register/device-id'
import { certificateByCode } from '@/stock/certificates'
import { findDevices, listDevices, recordErasure, stockDeviceRecord } from '@/stock/stock-store'
import { erasureFacts } from '../../support/collection-fixture'
import { imeiFrom } from '../../support/imei'
import { withFileDatabase } from '../../support/test-database'

/**
 * A business collection's devices on PGlite and on a PostgreSQL server: a pasted list becomes stock
 * devices with numbers and intake events, all or none; a bad IMEI is refused naming its line; the
 * devices are in the stock lists with the collection in place of an order, and erased like any other.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

let by: { actor: 'staff'; userId: string }
let actor: { userId: string; name: string }

beforeAll(async () => {
  const id = randomUUID()
  await db
    .insert(user)
    .values({ id, name: 'Robin Bench', email: `${id}@example.com`, role: 'staff' } as typeof user.$inferInsert)
  by = { actor: 'staff', userId: id }
  actor = { userId: id, name: 'Robin Bench' }
})

async function collection(status: 'requested' | 'collected' = 'collected') {
  const id = await recordCollectionRequest(
    db,
    {
      organisation: `Acme ${randomUUID().slice(0, 6)} Ltd`,
      contactName: 'Jo Bloggs',
      email: `jo.${randomUUID().slice(0, 8)}@example.com`,
      phone: '0113 496 0000',
      address: 'Unit 4, Mill Lane\nLeeds',
      postcode: 'LS1 4AB',
      deviceCount: 20,
      devices: '20 iPhone 12',
      preferredDates: 'Any Tuesday',
      sicCode: null,
    },
    (row) => ({
      to: row.email,
      subject: 'Thanks',
      text: 'Thanks',
      html: '<p>Thanks</p>',
      kind: 'collection-requested',
    }),
  )
  if (status === 'collected') {
    await moveCollectionRequest(db, { id, from: 'requested', to: 'booked', reason: 'date agreed', actor })
    await moveCollectionRequest(db, { id, from: 'booked', to: 'collected', reason: 'van back', actor })
  }
  return id
}

let next = 1000
const pasted = (count: number) =>
  Array.from({ length: count }, () => `Apple, iPhone 12, ${imeiFrom(next++)}`).join('\n')

describe('reading a pasted list of devices', () => {
  it('reads make, model and IMEI a line, a model with commas and a serial in place of an IMEI', () => {
    const imei = imeiFrom(1)
    expect(isImei(imei)).toBe(true)
    expect(readDeviceList(`Apple, iPhone 12, ${imei}\n\nSamsung, Galaxy Tab S8, Wi-Fi, R52T1234ABC\n`)).toEqual({
      ok: true,
      devices: [
        { make: 'Apple', model: 'iPhone 12', imei },
        { make: 'Samsung', model: 'Galaxy Tab S8, Wi-Fi', imei: 'R52T1234ABC' },
      ],
    })
  })

  it('refuses an IMEI whose check digit is wrong, naming its line and what was typed', () => {
    const good = imeiFrom(2)
    const bad = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10)
    const read = readDeviceList(`Apple, iPhone 12, ${imeiFrom(3)}\nApple, iPhone 12, ${good}\nApple, iPhone 12, ${bad}`)
    expect(read).toEqual({ ok: false, problem: 'imeiInvalid', line: 3, text: `Apple, iPhone 12, ${bad}` })
  })

  it('refuses a line without its three parts, a repeated IMEI, and an empty list', () => {
    expect(readDeviceList('Apple iPhone 12 356938035643809')).toMatchObject({ ok: false, problem: 'deviceIncomplete' })
    const imei = imeiFrom(4)
    expect(readDeviceList(`Apple, iPhone 12, ${imei}\nApple, iPhone 12, ${imei}`)).toMatchObject({
      ok: false,
      problem: 'deviceRepeated',
      line: 2,
    })
    expect(readDeviceList(' \n ')).toMatchObject({ ok: false, problem: 'devicesNone' })
  })
})

describe("recording a collection's devices", () => {
  it('makes each a stock device with its intake event, listed in order with its stock number, not erased', async () => {
    const id = await collection()
    const read = readDeviceList(pasted(20))
    if (!read.ok) throw new Error('unread')
    expect(await addCollectionDevices(db, id, read.devices, by)).toEqual({ kind: 'added', count: 20 })
    const devices = await collectionDevices(db, id)
    expect(devices).toHaveLength(20)
    expect(devices.map((device) => device.position)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1))
    expect(devices.map((device) => device.imei)).toEqual(read.devices.map((device) => device.imei))
    expect(devices.every((device) => /^S-\d{6,}$/.test(device.stockNumber) && device.erasure === null)).toBe(true)
    const [first] = await db.select().from(stockDevice).where(eq(stockDevice.stockNumber, devices[0]!.number))
    expect(first).toMatchObject({ orderItemId: null, state: 'in-stock' })
    const events = await db.select().from(stockEvent).where(eq(stockEvent.deviceId, first!.id))
    expect(events).toMatchObject([{ action: 'intake', actor: 'staff', actorName: 'Robin Bench' }])
  })

  it('adds nothing before the collection is collected, nor an IMEI it already holds', async () => {
    const early = await collection('requested')
    const read = readDeviceList(pasted(2))
    if (!read.ok) throw new Error('unread')
    expect(await addCollectionDevices(db, early, read.devices, by)).toEqual({ kind: 'refused', code: 'notCollected' })
    expect(await collectionDevices(db, early)).toEqual([])

    const id = await collection()
    await addCollectionDevices(db, id, read.devices.slice(0, 1), by)
    expect(await addCollectionDevices(db, id, read.devices, by)).toEqual({
      kind: 'refused',
      code: 'alreadyListed',
      imei: read.devices[0]!.imei,
    })
    expect(await collectionDevices(db, id)).toHaveLength(1)
  })

  it('refuses a stock device with no source: a check says exactly one', async () => {
    await expect(db.insert(stockDevice).values({})).rejects.toThrow()
  })

  it('shows the device in the stock lists and its page with the collection in place of an order, and erases it like any other', async () => {
    const id = await collection()
    const read = readDeviceList(pasted(1))
    if (!read.ok) throw new Error('unread')
    await addCollectionDevices(db, id, read.devices, by)
    const [found] = await findDevices(db, read.devices[0]!.imei)
    expect(found).toMatchObject({
      device: 'Apple iPhone 12',
      imei: read.devices[0]!.imei,
      orderReference: null,
      pricePaidPence: null,
      collectionId: id,
    })
    const { devices } = await listDevices(db, { state: 'in-stock' })
    expect(devices.some((device) => device.id === found!.id)).toBe(true)
    const outcome = await recordErasure(db, {
      deviceId: found!.id,
      source: 'manual',
      mail: null,
      by,
      facts: erasureFacts(),
    })
    expect(outcome).toMatchObject({ kind: 'recorded', result: 'passed' })
    const record = await stockDeviceRecord(db, found!.id)
    expect(record?.device.erasure).toBe('passed')
    expect((await collectionDevices(db, id))[0]?.erasure).toBe('passed')
    const code = record!.erasures[0]!.certificateCode
    expect(await certificateByCode(db, code)).toMatchObject({ device: 'Apple iPhone 12' })
  })
})

describe('the contact asking to be forgotten', () => {
  it('leaves a collection whose devices came in, with its devices, and takes the person from it', async () => {
    const id = await collection()
    const read = readDeviceList(pasted(2))
    if (!read.ok) throw new Error('unread')
    await addCollectionDevices(db, id, read.devices, by)
    const email = (await getCollectionRequest(db, id))!.email

    await expect(eraseCollectionRequestsOf(db, email)).resolves.toBe(1)
    const kept = await getCollectionRequest(db, id)
    expect(kept).toMatchObject({ contactName: '', email: '', phone: '', postcode: 'LS1 4AB' })
    expect(kept!.organisation).toMatch(/^Acme /)
    expect(await collectionDevices(db, id)).toHaveLength(2)
    await expect(collectionRequestsOf(db, email)).resolves.toEqual([])
  })
})
