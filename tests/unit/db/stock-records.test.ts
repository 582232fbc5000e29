import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, orderItem, recordExport, sellerOrder, stockDevice, user } from '@/db/schema'
import { askIdentity, uploadIdentity, verifyIdentity } from '@/orders/identity/identity-store'
import { londonDay } from '@/orders/record/working-days'
import { placeOrder } from '@/orders/record/store'
import { exportRecords, purchaseRegister, recentExports, stockBook } from '@/stock/records'
import { moveDevice, recordErasure, takeInPaidDevices } from '@/stock/stock-store'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { seedCheckoutWords } from '../../support/seed-email-loaders'
import { withFileDatabase } from '../../support/test-database'

/**
 * The records read from the stock ledger, on PGlite and on a PostgreSQL server: the police register
 * by days or by one device's IMEI over all time, the margin scheme stock book with its margin in
 * pence, and each export recorded with who, why and how many rows, never to be changed.
 */
let db: Db
withFileDatabase((opened) => {
  db = opened
})

const SOLD_IMEI = '356938035643809'
const KEPT_IMEI = '490154203237518'
let manager: { userId: string; name: string }
let sold: string
let kept: string
let reference: string
const today = londonDay(new Date())

beforeAll(async () => {
  const id = randomUUID()
  await db
    .insert(user)
    .values({ id, name: 'Morgan Manager', email: `${id}@example.com`, role: 'manager' } as typeof user.$inferInsert)
  manager = { userId: id, name: 'Morgan Manager' }
  const item = (pricePence: number) => ({
    modelId: 'model-iphone-13',
    device: 'Apple iPhone 13 128GB',
    variantKey: '128gb',
    gradeKey: 'good',
    gradeName: 'Good',
    answers: { power: 'yes' },
    pricePence,
    catalogueRevision: 'seed',
  })
  const placed = await placeOrder(db, sampleOrder({ items: [item(16_000), item(9_050)] }))
  if (placed.kind !== 'placed') throw new Error('not placed')
  reference = placed.reference
  await db.update(sellerOrder).set({ status: 'paid' }).where(eq(sellerOrder.id, placed.id))
  const items = await db.select().from(orderItem).where(eq(orderItem.orderId, placed.id)).orderBy(orderItem.position)
  await db.update(orderItem).set({ imei: SOLD_IMEI }).where(eq(orderItem.id, items[0]!.id))
  await db.update(orderItem).set({ imei: KEPT_IMEI, foundGradeName: 'Fair' }).where(eq(orderItem.id, items[1]!.id))
  await takeInPaidDevices(db)
  const devices = await db.select().from(stockDevice)
  sold = devices.find((device) => device.orderItemId === items[0]!.id)!.id
  kept = devices.find((device) => device.orderItemId === items[1]!.id)!.id
  const by = { actor: 'manager' as const, userId: id }
  await recordErasure(db, {
    deviceId: sold,
    source: 'manual',
    mail: null,
    by,
    facts: {
      reportId: 'R-1',
      tool: 'WipeSure Mobile',
      toolVersion: '5.2.1',
      operator: 'Robin Bench',
      erasedAt: new Date(),
      mediaType: 'Flash, 128 GB',
      level: 'purge',
      technique: 'Cryptographic erase',
      verification: 'Full verification',
      result: 'passed',
    },
  })
  const outcome = await moveDevice(db, {
    deviceId: sold,
    by,
    action: 'sell',
    expectedState: 'in-stock',
    counterparty: 'Phone Resale Ltd',
    pricePence: 21_499,
  })
  expect(outcome).toEqual({ kind: 'moved', state: 'sold' })
})

describe('the stock book', () => {
  it('lists each device bought in the days with its seller, and the sold one with buyer and margin in pence', async () => {
    const rows = await stockBook(db, today, today)
    expect(rows.map((row) => [row.device, row.grade, row.imei, row.sellerName])).toEqual([
      ['Apple iPhone 13 128GB', 'Good', SOLD_IMEI, 'Sam Seller'],
      ['Apple iPhone 13 128GB', 'Fair', KEPT_IMEI, 'Sam Seller'],
    ])
    expect(rows[0]).toMatchObject({
      pricePaidPence: 16_000,
      soldPence: 21_499,
      buyer: 'Phone Resale Ltd',
      marginPence: 5_499,
    })
    expect(rows[1]).toMatchObject({ pricePaidPence: 9_050, soldPence: null, buyer: null, marginPence: null })
  })

  it('holds nothing for days before anything was bought or sold', async () => {
    expect(await stockBook(db, '2020-01-01', '2020-12-31')).toEqual([])
  })
})

describe('the purchase register', () => {
  it('finds one device by its IMEI over all time, with the seller and their address', async () => {
    const rows = await purchaseRegister(db, {
      kind: 'purchase-register',
      from: null,
      to: null,
      deviceCode: KEPT_IMEI,
      reason: 'PC 123',
    })
    expect(rows).toEqual([
      expect.objectContaining({
        orderReference: reference,
        sellerName: 'Sam Seller',
        sellerAddress: expect.stringContaining('1 High Street'),
        imei: KEPT_IMEI,
        pricePaidPence: 9_050,
      }),
    ])
    expect(rows[0]!.sellerAddress).toContain('LS1 1AA')
  })

  it('is narrowed by days when they are given with the device', async () => {
    const base = { kind: 'purchase-register' as const, deviceCode: KEPT_IMEI, reason: 'PC 123' }
    expect(await purchaseRegister(db, { ...base, from: '2020-01-01', to: '2020-01-31' })).toEqual([])
    expect(await purchaseRegister(db, { ...base, from: today, to: today })).toHaveLength(1)
  })

  it('shows no seller once retention has removed their details, but keeps the device and the price', async () => {
    const [row] = await db.select({ orderId: orderItem.orderId }).from(orderItem).where(eq(orderItem.imei, KEPT_IMEI))
    const [before] = await db.select().from(sellerOrder).where(eq(sellerOrder.id, row!.orderId))
    await db
      .update(sellerOrder)
      .set({ name: null, addressLine1: null, addressLine2: null, town: null, postcode: null })
      .where(eq(sellerOrder.id, row!.orderId))
    const [found] = await purchaseRegister(db, {
      kind: 'purchase-register',
      from: null,
      to: null,
      deviceCode: KEPT_IMEI,
      reason: 'x',
    })
    expect(found).toMatchObject({ sellerName: null, sellerAddress: null, imei: KEPT_IMEI, pricePaidPence: 9_050 })
    await db
      .update(sellerOrder)
      .set({
        name: before!.name,
        addressLine1: before!.addressLine1,
        addressLine2: before!.addressLine2,
        town: before!.town,
        postcode: before!.postcode,
      })
      .where(eq(sellerOrder.id, row!.orderId))
  })

  it('says whether the seller’s proof of identity was asked, and once seen which document, when and who saw it', async () => {
    const register = () =>
      purchaseRegister(db, { kind: 'purchase-register', from: null, to: null, deviceCode: KEPT_IMEI, reason: 'x' })
    const [row] = await db.select({ orderId: orderItem.orderId }).from(orderItem).where(eq(orderItem.imei, KEPT_IMEI))
    const orderId = row!.orderId
    expect((await register())[0]!.identity).toEqual({ asked: false, seen: null })

    const mail = {
      copy: seedWithFacts('emailCopy') as EmailCopy,
      origin: 'https://shop.example',
      reviewUrl: 'https://reviews.example/handback',
      checkout: seedCheckoutWords(),
    }
    // Asked while the order is still to be paid (an order at rest asks nothing), as it is in life;
    // paid once the document is seen.
    const [before] = await db
      .select({ status: sellerOrder.status })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, orderId))
    await db.update(sellerOrder).set({ status: 'checked' }).where(eq(sellerOrder.id, orderId))
    await askIdentity(db, { orderId, staffId: manager.userId, actor: 'manager', mail })
    expect((await register())[0]!.identity).toEqual({ asked: true, seen: null })

    const [asked] = (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).filter(
      (one) => one.kind === 'identityAsked',
    )
    const token = /proof-of-identity\?token=([A-Za-z0-9_-]+)/.exec(asked!.textBody)![1]!
    const file = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#777777' } })
      .jpeg()
      .toBuffer()
    await expect(uploadIdentity(db, { token, documentType: 'driving-licence', file })).resolves.toEqual({ ok: true })
    expect((await register())[0]!.identity).toEqual({ asked: true, seen: null })

    await verifyIdentity(db, { orderId, staffId: manager.userId, actor: 'manager', outcome: 'seen' })
    await db.update(sellerOrder).set({ status: before!.status }).where(eq(sellerOrder.id, orderId))
    const seen = (await register())[0]!.identity
    expect(seen).toEqual({
      asked: true,
      seen: { documentType: 'driving-licence', at: expect.any(Date), by: 'Morgan Manager' },
    })
    expect(Date.now() - seen.seen!.at.getTime()).toBeLessThan(60_000)
  })
})

describe('each export is recorded', () => {
  it('with who made it, why, what it covered and how many rows, in the same transaction as the reading', async () => {
    const result = await exportRecords(
      db,
      { kind: 'purchase-register', from: null, to: null, deviceCode: SOLD_IMEI, reason: 'PC Jones, crime ref 42/1234' },
      manager,
    )
    expect(result.rows).toHaveLength(1)
    await exportRecords(db, { kind: 'stock-book', from: today, to: today, deviceCode: null, reason: null }, manager)
    const [book, register] = await recentExports(db)
    expect(register).toMatchObject({
      kind: 'purchase-register',
      madeBy: manager.userId,
      madeByName: 'Morgan Manager',
      deviceCode: SOLD_IMEI,
      reason: 'PC Jones, crime ref 42/1234',
      fromDay: null,
      rowCount: 1,
    })
    expect(book).toMatchObject({ kind: 'stock-book', fromDay: today, toDay: today, rowCount: 2 })
  })

  it('and the record is never changed or removed', async () => {
    const [made] = await recentExports(db, 1)
    const refused = { cause: { message: expect.stringMatching(/rows are never changed or removed/) } }
    await expect(
      db.update(recordExport).set({ reason: 'nothing' }).where(eq(recordExport.id, made!.id)),
    ).rejects.toMatchObject(refused)
    await expect(db.delete(recordExport).where(eq(recordExport.id, made!.id))).rejects.toMatchObject(refused)
    await expect(db.execute(sql`update record_export set row_count = 0`)).rejects.toMatchObject(refused)
  })
})

// The stock device of the second item, kept: read so the test data stays what the names say.
it('keeps the unsold device in stock', async () => {
  const [row] = await db.select().from(stockDevice).where(eq(stockDevice.id, kept))
  expect(row!.state).toBe('in-stock')
})
