import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { PricedModel } from '@/content/types'
import type { Db } from '@/db/connection'
import { goodsInScan, orderEvent, orderParcel, unmatchedParcel, unmatchedParcelEvent, user } from '@/db/schema'
import { scanCode, sessionScans, startSession } from '@/orders/goods-in/goods-in-store'
import { joinParcel, returnParcel } from '@/orders/goods-in/parcel-store'
import { getOrder, placeOrder } from '@/orders/record/store'
import { sampleOrder } from '../../support/order-fixtures'
import { raceForRow } from '../../support/row-lock-race'
import { withFileDatabase, type TestDatabase } from '../../support/test-database'

/**
 * Goods-in on PGlite and on a PostgreSQL server: a scan receives an order once through the guarded
 * move, a repeat says who did it and changes nothing, a double post is one scan, two staff at once
 * receive once, an unknown code queues one parcel, and two staff joining one parcel join it once.
 */
let db: Db
let home: TestDatabase
withFileDatabase((opened, folder) => {
  db = opened
  home = folder
})

type Member = { id: string; name: string; role: 'staff' | 'manager' }
async function addStaff(name: string): Promise<Member> {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role: 'staff' } as typeof user.$inferInsert)
  return { id, name, role: 'staff' }
}
let sid: Member
let pat: Member
beforeAll(async () => {
  sid = await addStaff('Sid Staff')
  pat = await addStaff('Pat Porter')
})

async function placed(holdUntil?: Date) {
  const result = await placeOrder(db, sampleOrder(holdUntil ? { holdUntil } : {}))
  if (result.kind !== 'placed') throw new Error('not placed')
  return (await getOrder(db, { id: result.id }))!
}

const REASON = 'Scanned at goods-in'
const scan = (sessionId: string, code: string, staff: Member, scanKey = randomUUID()) =>
  scanCode(db, { sessionId, scanKey, code, staff, reason: REASON, receiving: { models: [] } })
const receives = async (orderId: string) =>
  db
    .select()
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, 'receive')))

test('a scan receives the order once; a repeat says when and by whom and changes nothing', async () => {
  const order = await placed()
  const session = await startSession(db, sid.id)
  // As a scanner types the label's Code 128: the reference, here in lower case with spaces around.
  const first = await scan(session, `  ${order.reference.toLowerCase()} `, sid)
  expect(first).toMatchObject({ result: 'received', reference: order.reference, receivedBy: 'Sid Staff' })
  const again = await scan(session, order.reference, pat)
  expect(again).toMatchObject({ result: 'already', reference: order.reference, receivedBy: 'Sid Staff' })
  expect(again.receivedAt).toEqual(first.receivedAt)
  const events = await receives(order.id)
  expect(events).toHaveLength(1)
  expect(events[0]).toMatchObject({ actorUserId: sid.id, actorName: 'Sid Staff', reason: REASON, toStatus: 'received' })
  expect((await getOrder(db, { id: order.id }))!.status).toBe('received')
  const { counts, scans } = await sessionScans(db, session)
  expect(counts).toEqual({ received: 1, already: 1, unmatched: 0 })
  expect(scans.map((row) => row.result)).toEqual(['already', 'received'])
  // A long session's page lists only its newest scans; the counts still cover every one.
  const newest = await sessionScans(db, session, 1)
  expect(newest.scans.map((row) => row.result)).toEqual(['already'])
  expect(newest.counts).toEqual({ received: 1, already: 1, unmatched: 0 })
})

test('the carrier label’s tracking number receives its order too; a tracked number of no order is unmatched', async () => {
  const order = await placed()
  await db.insert(orderParcel).values({ orderId: order.id, trackingNumber: 'RT473124829GB', insuredPence: 16_000 })
  const session = await startSession(db, sid.id)
  // As a scanner reads the carrier's barcode, or staff type it from the label with its spaces.
  expect(await scan(session, 'rt 4731 2482 9gb', sid)).toMatchObject({ result: 'received', reference: order.reference })
  expect((await getOrder(db, { id: order.id }))!.status).toBe('received')
  expect(await receives(order.id)).toHaveLength(1)
  expect((await scan(session, 'RR473124829GB', sid)).result).toBe('unmatched')
})

test('the same form posted twice is one scan', async () => {
  const order = await placed()
  const session = await startSession(db, sid.id)
  const key = randomUUID()
  const [a, b] = await Promise.all([scan(session, order.reference, sid, key), scan(session, order.reference, sid, key)])
  expect(a).toEqual(b)
  expect(a.result).toBe('received')
  expect(await db.select().from(goodsInScan).where(eq(goodsInScan.sessionId, session))).toHaveLength(1)
  expect(await receives(order.id)).toHaveLength(1)
})

test('two staff scanning one parcel at once: one receives it, the other is told who did', async () => {
  const order = await placed()
  const [mine, theirs] = [await startSession(db, sid.id), await startSession(db, pat.id)]
  const [first, second] = await raceForRow(
    home,
    'seller_order',
    order.id,
    () => scan(mine, order.reference, sid),
    () => scan(theirs, order.reference, pat),
  )
  expect([first.result, second.result]).toEqual(['received', 'already'])
  expect(second.receivedBy).toBe('Sid Staff')
  expect(await receives(order.id)).toHaveLength(1)
})

test('a code that matches no order queues one unmatched parcel, however often it is scanned', async () => {
  const session = await startSession(db, sid.id)
  const code = `JD0002${randomUUID().slice(0, 8)}`
  const first = await scan(session, code, sid)
  const again = await scan(session, ` ${code.toLowerCase()}`, pat)
  expect([first.result, again.result]).toEqual(['unmatched', 'unmatched'])
  const parcels = await db.select().from(unmatchedParcel).where(eq(unmatchedParcel.code, code))
  expect(parcels).toHaveLength(1)
  expect(parcels[0]).toMatchObject({ state: 'open', createdByName: 'Sid Staff' })
  // A reference-shaped code of no order is unmatched too.
  expect((await scan(session, 'HB-2222-2222', sid)).result).toBe('unmatched')
})

test('two staff joining one parcel at once: it is joined once, the order received once', async () => {
  const order = await placed()
  const other = await placed()
  const session = await startSession(db, sid.id)
  await scan(session, `LOST-${randomUUID().slice(0, 6)}`, sid)
  const [parcel] = await db
    .select()
    .from(unmatchedParcel)
    .where(and(eq(unmatchedParcel.state, 'open'), eq(unmatchedParcel.createdBy, sid.id)))
  const join = (staff: Member, reference: string) =>
    joinParcel(db, {
      parcelId: parcel!.id,
      reference,
      staff,
      reason: 'Joined from an unmatched parcel',
      receiving: { models: [] },
    })
  const [first, second] = await raceForRow(
    home,
    'unmatched_parcel',
    parcel!.id,
    () => join(sid, order.reference),
    () => join(pat, other.reference),
  )
  expect(first).toEqual({ ok: true, reference: order.reference })
  expect(second).toMatchObject({ ok: false, reason: 'closed', state: 'joined', by: 'Sid Staff' })
  expect(await receives(order.id)).toHaveLength(1)
  expect(await receives(other.id)).toHaveLength(0)
  expect((await getOrder(db, { id: other.id }))!.status).toBe('placed')
  const events = await db.select().from(unmatchedParcelEvent).where(eq(unmatchedParcelEvent.parcelId, parcel!.id))
  expect(events.map((row) => row.action).sort()).toEqual(['joined', 'queued'])
  // Closed, it cannot be returned either.
  expect(await returnParcel(db, { parcelId: parcel!.id, staff: pat, note: 'back' })).toMatchObject({
    ok: false,
    reason: 'closed',
  })
})

test('a parcel joined to an order that cannot be received stays open; one returned says why', async () => {
  const order = await placed()
  const session = await startSession(db, sid.id)
  await scan(session, order.reference, sid)
  const code = `NOLABEL-${randomUUID().slice(0, 6)}`
  await scan(session, code, sid)
  const [parcel] = await db.select().from(unmatchedParcel).where(eq(unmatchedParcel.code, code))
  const refused = await joinParcel(db, {
    parcelId: parcel!.id,
    reference: order.reference,
    staff: pat,
    reason: 'x',
    receiving: { models: [] },
  })
  expect(refused).toEqual({ ok: false, reason: 'notReceivable', status: 'received' })
  expect(
    await joinParcel(db, {
      parcelId: parcel!.id,
      reference: 'nonsense',
      staff: pat,
      reason: 'x',
      receiving: { models: [] },
    }),
  ).toEqual({
    ok: false,
    reason: 'orderNotFound',
  })
  expect(await returnParcel(db, { parcelId: parcel!.id, staff: pat, note: 'Sent back to the sender' })).toMatchObject({
    ok: true,
  })
  const [closed] = await db.select().from(unmatchedParcel).where(eq(unmatchedParcel.id, parcel!.id))
  expect(closed).toMatchObject({ state: 'returned', closedByName: 'Pat Porter', closedNote: 'Sent back to the sender' })
})

test('a parcel scanned after its price hold ended is valued at today’s published price, as the order page’s receive does', async () => {
  // The catalogue today: the sample order's iPhone 13 128GB, now £114 in the grade chosen (quoted £160).
  const today = [
    { _id: 'model-iphone-13', variants: [{ key: '128gb', prices: [{ grade: 'good', pence: 11_400 }] }] },
  ] as unknown as PricedModel[]
  const late = await placed(new Date(Date.now() - 24 * 3600 * 1000))
  const onTime = await placed()
  const session = await startSession(db, sid.id)
  for (const order of [late, onTime]) {
    const scanned = await scanCode(db, {
      sessionId: session,
      scanKey: randomUUID(),
      code: order.reference,
      staff: sid,
      reason: REASON,
      receiving: { models: today },
    })
    expect(scanned.result).toBe('received')
  }
  const revalued = (await getOrder(db, { id: late.id }))!
  expect(revalued.items[0]).toMatchObject({ pricePence: 16_000, latePricePence: 11_400 })
  expect(revalued.events.map((event) => event.action)).toEqual(['place', 'receive', 'revalue-late'])
  expect(revalued.events.at(-1)).toMatchObject({ actorUserId: sid.id, reason: 'Apple iPhone 13 128GB: £160 → £114' })
  const kept = (await getOrder(db, { id: onTime.id }))!
  expect(kept.items[0]).toMatchObject({ pricePence: 16_000, latePricePence: null })
  expect(kept.events.map((event) => event.action)).toEqual(['place', 'receive'])
})
