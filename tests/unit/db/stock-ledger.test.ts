import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { deviceErasure, orderItem, sellerOrder, stockDevice, stockEvent, user } from '@/db/schema'
import { placeOrder } from '@/orders/record/store'
import {
  findDevices,
  formatStockNumber,
  importErasureReport,
  moveDevice,
  parseStockNumber,
  recordErasure,
  stockDeviceRecord,
  takeInPaidDevices,
  type ErasureFacts,
} from '@/stock/stock-store'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase } from '../../support/test-database'

/**
 * The stock ledger on PGlite and on a PostgreSQL server: paid orders' devices taken in once each,
 * found by stock number, IMEI or order; moves guarded by the state staff saw and, out of stock, by a
 * passed erasure; erasures typed or imported from a tool's report, once each; and the events and
 * erasures never changed once written.
 */
let db: Db
withFileDatabase((opened) => {
  db = opened
})

const IMEI = '356938035643809'
const fixture = (name: string) => readFileSync(path.join(__dirname, '../../fixtures/erasure', name), 'utf8')
let robin: { actor: 'staff'; userId: string }
beforeAll(async () => {
  const id = randomUUID()
  await db
    .insert(user)
    .values({ id, name: 'Robin Bench', email: `${id}@example.com`, role: 'staff' } as typeof user.$inferInsert)
  robin = { actor: 'staff', userId: id }
})

const device = (position: number, name = 'Apple iPhone 13 128GB') => ({
  modelId: 'model-iphone-13',
  device: name,
  variantKey: '128gb',
  gradeKey: 'good',
  gradeName: 'Good',
  answers: { power: 'yes' },
  pricePence: 16_000 + position,
  catalogueRevision: 'seed',
})

/** An order of `count` devices, moved to `status` as its history would have (the ledger reads only that). */
async function order(status: string, count = 1) {
  const placed = await placeOrder(
    db,
    sampleOrder({ items: Array.from({ length: count }, (_, index) => device(index)) }),
  )
  if (placed.kind !== 'placed') throw new Error('not placed')
  await db.update(sellerOrder).set({ status }).where(eq(sellerOrder.id, placed.id))
  const items = await db.select().from(orderItem).where(eq(orderItem.orderId, placed.id)).orderBy(orderItem.position)
  return { ...placed, items }
}

async function deviceOf(itemId: string) {
  const [row] = await db.select().from(stockDevice).where(eq(stockDevice.orderItemId, itemId))
  return row
}

const passed = (reportId: string, result: 'passed' | 'failed' = 'passed'): ErasureFacts => ({
  reportId,
  tool: 'WipeSure Mobile',
  toolVersion: '5.2.1',
  operator: 'Robin Bench',
  erasedAt: new Date('2026-11-27T10:09:45Z'),
  mediaType: 'Flash, 128 GB',
  level: 'purge',
  technique: 'Cryptographic erase',
  verification: 'Full verification',
  result,
})

describe('stock numbers', () => {
  it('are written S- and six digits, and read back however they are typed', () => {
    expect(formatStockNumber(42)).toBe('S-000042')
    expect(formatStockNumber(1_234_567)).toBe('S-1234567')
    for (const typed of ['S-000042', 's42', ' 42 ', 'S42']) expect(parseStockNumber(typed)).toBe(42)
    for (const typed of ['S-', '0', 'HB-ABCD-EFGH', '4 2', '-42']) expect(parseStockNumber(typed)).toBeNull()
  })
})

describe('taking paid devices into stock', () => {
  it('takes in each device of a paid order once, but none of an unpaid one or one its seller declined', async () => {
    const paid = await order('paid', 3)
    await db.update(orderItem).set({ offerAnswer: 'decline' }).where(eq(orderItem.id, paid.items[2]!.id))
    const waiting = await order('checked', 1)

    expect(await takeInPaidDevices(db)).toBeGreaterThanOrEqual(2)
    expect(await takeInPaidDevices(db)).toBe(0)
    const [first, second, declined] = await Promise.all(paid.items.map((item) => deviceOf(item.id)))
    expect(first?.state).toBe('in-stock')
    expect(first?.location).toBeNull()
    expect(second!.stockNumber).toBe(first!.stockNumber + 1)
    expect(declined).toBeUndefined()
    expect(await deviceOf(waiting.items[0]!.id)).toBeUndefined()

    const record = await stockDeviceRecord(db, first!.id)
    expect(record?.device).toMatchObject({
      stockNumber: formatStockNumber(first!.stockNumber),
      device: 'Apple iPhone 13 128GB',
      pricePaidPence: 16_000,
      orderReference: paid.reference,
      erasure: null,
    })
    expect(record?.events.map((event) => [event.action, event.actor, event.toState])).toEqual([
      ['intake', 'system', 'in-stock'],
    ])
  })

  it('two instances taking in at once add each device once', async () => {
    const paid = await order('paid', 4)
    await Promise.all([takeInPaidDevices(db), takeInPaidDevices(db)])
    const rows = await db
      .select({ id: stockDevice.id })
      .from(stockDevice)
      .where(
        sql`${stockDevice.orderItemId} in (${sql.join(
          paid.items.map((item) => sql`${item.id}`),
          sql`, `,
        )})`,
      )
    expect(rows).toHaveLength(4)
    const events = await db
      .select({ id: stockEvent.id })
      .from(stockEvent)
      .where(
        sql`${stockEvent.deviceId} in (${sql.join(
          rows.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      )
    expect(events).toHaveLength(4)
  })
})

describe('finding a device', () => {
  it('by its stock number, its IMEI however typed, or its order’s reference', async () => {
    const paid = await order('paid', 2)
    await db.update(orderItem).set({ imei: '490154203237518' }).where(eq(orderItem.id, paid.items[0]!.id))
    await takeInPaidDevices(db)
    const first = (await deviceOf(paid.items[0]!.id))!

    expect((await findDevices(db, formatStockNumber(first.stockNumber))).map((found) => found.id)).toEqual([first.id])
    expect((await findDevices(db, `s${first.stockNumber}`)).map((found) => found.id)).toEqual([first.id])
    expect((await findDevices(db, '49 015420 323751 8')).map((found) => found.id)).toEqual([first.id])
    expect((await findDevices(db, paid.reference.toLowerCase())).map((found) => found.orderReference)).toEqual([
      paid.reference,
      paid.reference,
    ])
    expect(await findDevices(db, 'nothing like a code')).toEqual([])
  })
})

describe('moving a device', () => {
  async function inStock() {
    const paid = await order('paid', 1)
    await takeInPaidDevices(db)
    return (await deviceOf(paid.items[0]!.id))!
  }

  it('is shelved at any time, but listed or sold only after a passed erasure', async () => {
    const stocked = await inStock()
    const base = { deviceId: stocked.id, by: robin }
    expect(await moveDevice(db, { ...base, action: 'locate', expectedState: 'in-stock', location: '  ' })).toEqual({
      kind: 'missing',
      facts: ['location'],
    })
    expect(
      await moveDevice(db, { ...base, action: 'locate', expectedState: 'in-stock', location: 'Shelf A3' }),
    ).toEqual({ kind: 'moved', state: 'in-stock' })
    expect(await moveDevice(db, { ...base, action: 'list', expectedState: 'in-stock' })).toEqual({
      kind: 'refused',
      code: 'notErased',
      state: 'in-stock',
    })

    // A failed erasure, then a passed one: the latest decides.
    expect(
      await recordErasure(db, {
        deviceId: stocked.id,
        source: 'manual',
        mail: null,
        facts: passed('M-1', 'failed'),
        by: robin,
      }),
    ).toMatchObject({
      kind: 'recorded',
      result: 'failed',
    })
    expect(await moveDevice(db, { ...base, action: 'list', expectedState: 'in-stock' })).toMatchObject({
      code: 'notErased',
    })
    await recordErasure(db, {
      deviceId: stocked.id,
      source: 'manual',
      mail: null,
      facts: { ...passed('M-2'), erasedAt: new Date('2026-11-27T11:00:00Z') },
      by: robin,
    })
    expect(await moveDevice(db, { ...base, action: 'list', expectedState: 'in-stock' })).toEqual({
      kind: 'moved',
      state: 'listed',
    })
    expect(
      await moveDevice(db, { ...base, action: 'sell', expectedState: 'listed', counterparty: 'Phone Resale Ltd' }),
    ).toEqual({
      kind: 'missing',
      facts: ['pricePence'],
    })
    const sale = {
      ...base,
      action: 'sell' as const,
      expectedState: 'listed' as const,
      counterparty: 'Phone Resale Ltd',
      pricePence: 24_000,
    }
    // A double click: the second finds it sold and changes nothing.
    expect(await moveDevice(db, sale)).toEqual({ kind: 'moved', state: 'sold' })
    expect(await moveDevice(db, sale)).toEqual({ kind: 'stale', state: 'sold' })
    expect(await moveDevice(db, { ...base, action: 'unlist', expectedState: 'sold' })).toEqual({
      kind: 'refused',
      code: 'notFrom',
      state: 'sold',
    })

    const record = (await stockDeviceRecord(db, stocked.id))!
    expect(record.device).toMatchObject({ state: 'sold', location: 'Shelf A3', erasure: 'passed' })
    expect(record.events.map((event) => [event.action, event.fromState, event.toState, event.actorName])).toEqual([
      ['sell', 'listed', 'sold', 'Robin Bench'],
      ['list', 'in-stock', 'listed', 'Robin Bench'],
      ['locate', 'in-stock', 'in-stock', 'Robin Bench'],
      ['intake', 'in-stock', 'in-stock', null],
    ])
    expect(record.events[0]).toMatchObject({ counterparty: 'Phone Resale Ltd', pricePence: 24_000 })
    // Gone: no erasure is added to a device that left.
    expect(
      await recordErasure(db, { deviceId: stocked.id, source: 'manual', mail: null, facts: passed('M-3'), by: robin }),
    ).toEqual({
      kind: 'refused',
      code: 'gone',
    })
  })

  it('recycled only with the facility and its waste transfer note', async () => {
    const stocked = await inStock()
    await recordErasure(db, {
      deviceId: stocked.id,
      source: 'manual',
      mail: null,
      facts: { ...passed('D-1'), level: 'destroy' },
      by: robin,
    })
    const base = { deviceId: stocked.id, by: robin, action: 'recycle' as const, expectedState: 'in-stock' as const }
    expect(await moveDevice(db, { ...base, counterparty: 'Northern Recycling Ltd' })).toEqual({
      kind: 'missing',
      facts: ['wasteNote'],
    })
    expect(await moveDevice(db, { ...base, counterparty: 'Northern Recycling Ltd', wasteNote: 'WTN-55120' })).toEqual({
      kind: 'moved',
      state: 'recycled',
    })
    const [event] = (await stockDeviceRecord(db, stocked.id))!.events
    expect(event).toMatchObject({ counterparty: 'Northern Recycling Ltd', wasteNote: 'WTN-55120', pricePence: null })
  })

  it('two members of staff moving one device at once move it once', async () => {
    const stocked = await inStock()
    await recordErasure(db, { deviceId: stocked.id, source: 'manual', mail: null, facts: passed('R-1'), by: robin })
    const sale = (buyer: string) =>
      moveDevice(db, {
        deviceId: stocked.id,
        by: robin,
        action: 'sell',
        expectedState: 'in-stock',
        counterparty: buyer,
        pricePence: 20_000,
      })
    const outcomes = await Promise.all([sale('First Buyer Ltd'), sale('Second Buyer Ltd')])
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['moved', 'stale'])
    const events = (await stockDeviceRecord(db, stocked.id))!.events.filter((event) => event.action === 'sell')
    expect(events).toHaveLength(1)
  })

  it('an unknown device, or an id that is not one, is refused', async () => {
    const move = { by: robin, action: 'unlist' as const, expectedState: 'listed' as const }
    expect(await moveDevice(db, { ...move, deviceId: randomUUID() })).toEqual({ kind: 'refused', code: 'unknown' })
    expect(await moveDevice(db, { ...move, deviceId: "x' or 1=1" })).toEqual({ kind: 'refused', code: 'unknown' })
  })
})

describe('an erasure tool’s report', () => {
  it('is recorded against the device in stock with its IMEI, once', async () => {
    const paid = await order('paid', 1)
    await db.update(orderItem).set({ imei: IMEI }).where(eq(orderItem.id, paid.items[0]!.id))
    await takeInPaidDevices(db)
    const stocked = (await deviceOf(paid.items[0]!.id))!
    const report = fixture('iphone-purge.json')

    expect(await importErasureReport(db, report, robin, null)).toEqual({
      kind: 'recorded',
      deviceId: stocked.id,
      result: 'passed',
    })
    expect(await importErasureReport(db, report, robin, null)).toEqual({ kind: 'already', deviceId: stocked.id })
    const { erasures } = (await stockDeviceRecord(db, stocked.id))!
    expect(erasures).toHaveLength(1)
    expect(erasures[0]).toMatchObject({
      source: 'report',
      reportId: 'WS-2026-118204',
      level: 'purge',
      result: 'passed',
      operator: 'Robin Bench',
      recordedByName: 'Robin Bench',
    })
    expect(erasures[0]!.reportSha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('is refused when no device in stock has its IMEI or serial, or when it does not read', async () => {
    expect(await importErasureReport(db, fixture('ipad-clear.xml'), robin, null)).toEqual({
      kind: 'refused',
      code: 'noDevice',
    })
    expect(await importErasureReport(db, 'not a report', robin, null)).toEqual({
      kind: 'unreadable',
      problem: { code: 'unreadable' },
    })
  })
})

// drizzle's error names the query; the database's own refusal is its cause.
const REFUSED = { cause: { message: expect.stringMatching(/rows are never changed or removed/) } }

describe('the record cannot be rewritten', () => {
  it('an event or an erasure is never changed or removed, but a deleted staff account keeps its name there', async () => {
    const paid = await order('paid', 1)
    await takeInPaidDevices(db)
    const stocked = (await deviceOf(paid.items[0]!.id))!
    const leaver = randomUUID()
    await db.insert(user).values({
      id: leaver,
      name: 'Lee Leaver',
      email: `${leaver}@example.com`,
      role: 'staff',
    } as typeof user.$inferInsert)
    const by = { actor: 'staff' as const, userId: leaver }
    await moveDevice(db, { deviceId: stocked.id, by, action: 'locate', expectedState: 'in-stock', location: 'Bin 7' })
    await recordErasure(db, { deviceId: stocked.id, source: 'manual', mail: null, facts: passed('L-1'), by })

    await expect(
      db.update(stockEvent).set({ toState: 'sold' }).where(eq(stockEvent.deviceId, stocked.id)),
    ).rejects.toMatchObject(REFUSED)
    await expect(db.delete(stockEvent).where(eq(stockEvent.deviceId, stocked.id))).rejects.toMatchObject(REFUSED)
    await expect(
      db
        .update(deviceErasure)
        .set({ result: 'passed', level: 'destroy' })
        .where(eq(deviceErasure.deviceId, stocked.id)),
    ).rejects.toMatchObject(REFUSED)
    await expect(db.delete(deviceErasure).where(eq(deviceErasure.deviceId, stocked.id))).rejects.toMatchObject(REFUSED)

    await db.delete(user).where(eq(user.id, leaver))
    const record = (await stockDeviceRecord(db, stocked.id))!
    expect(record.events[0]).toMatchObject({ action: 'locate', actorUserId: null, actorName: 'Lee Leaver' })
    expect(record.erasures[0]).toMatchObject({ recordedBy: null, recordedByName: 'Lee Leaver' })
  })
})
