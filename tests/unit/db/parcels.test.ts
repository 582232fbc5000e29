import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { and, eq, isNull } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderParcel, parcelEvent, sellerOrder } from '@/db/schema'
import { carrierClient, type Carrier } from '@/carrier/client'
import { LABEL_DELAYED, LABEL_MADE, LABEL_REPLACED, PARCEL_SCANNED } from '@/carrier/parcel-history'
import {
  expectedParcels,
  FOLLOW_EVERY_MS,
  followParcels,
  makeWantedLabels,
  openParcel,
  replaceLabel,
} from '@/orders/parcels/parcels'
import { placeOrder } from '@/orders/record/store'
import type { OrderMailContext } from '@/orders/record/mail'
import { createCarrierServer, INSURED_UP_TO_PENCE } from '../../../carrier-api/server'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { seedCheckoutWords } from '../../support/seed-email-loaders'
import { withFileDatabase } from '../../support/test-database'

/**
 * The parcel, tracked: the carrier's label made for each order placed (once, however many runs ask
 * at once), put off while the carrier is down and e-mailed when it comes; the parcel's events
 * written into the order's history once each. Against the carrier's stand-in, on PGlite and PostgreSQL.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

process.env.BETTER_AUTH_SECRET ??= 'parcels-test-secret-0123456789abcdef'

const KEY = 'parcels-test-stand-in-key-0123456789'
let server: Server
let url: string
beforeAll(async () => {
  server = createCarrierServer({ key: KEY })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
// The client logs each failure's kind; here some are on purpose.
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(async () => {
  jest.restoreAllMocks()
  await admin('POST', '/admin/mode', { mode: 'up' })
})

const admin = (method: string, path: string, body?: object) =>
  fetch(`${url}${path}`, {
    method,
    body: body ? JSON.stringify(body) : undefined,
    headers: { authorization: `Bearer ${KEY}` },
  }).then((response) => response.json() as Promise<Record<string, unknown>>)
const carrier = () => carrierClient({ url, key: undefined, timeoutMs: 2000, standInKey: KEY })
const mail: OrderMailContext = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}

async function placed(pricePence = 16_000) {
  const order = sampleOrder({ emails: () => [] })
  order.items = order.items.map((item) => ({ ...item, pricePence }))
  const result = await placeOrder(db, order)
  if (result.kind !== 'placed') throw new Error(result.kind)
  return result
}
const events = (orderId: string, action: string) =>
  db
    .select()
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, action)))
const labelMails = (orderId: string) =>
  db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'labelReady')))

it('makes one tracked label for an order placed, insured for its value up to the carrier’s limit', async () => {
  const order = await placed(45_000)
  const dear = await placed(150_000)
  await makeWantedLabels(db, carrier(), mail)
  await makeWantedLabels(db, carrier(), mail)
  const parcel = await openParcel(db, order.id)
  expect(parcel?.trackingNumber).toMatch(/^RT\d{9}GB$/)
  expect(parcel?.insuredPence).toBe(45_000)
  expect((await openParcel(db, dear.id))?.insuredPence).toBe(INSURED_UP_TO_PENCE)
  const made = await events(order.id, LABEL_MADE)
  expect(made.map((event) => event.reason)).toEqual([parcel!.trackingNumber])
  // Made as it was placed: no e-mail of its own (the order's e-mail links the label).
  expect(await labelMails(order.id)).toEqual([])
  const atCarrier = await admin('GET', `/admin/parcels?reference=${order.reference}`)
  expect(atCarrier.parcels).toHaveLength(1)
})

it('puts the label off once while the carrier is down, and e-mails it when the carrier makes it', async () => {
  const order = await placed()
  await admin('POST', '/admin/mode', { mode: 'down', keys: [order.reference] })
  await makeWantedLabels(db, carrier(), mail)
  await makeWantedLabels(db, carrier(), mail)
  expect(await openParcel(db, order.id)).toBeNull()
  expect(await events(order.id, LABEL_DELAYED)).toHaveLength(1)

  await admin('POST', '/admin/mode', { mode: 'up', keys: [order.reference] })
  await makeWantedLabels(db, carrier(), mail)
  await makeWantedLabels(db, carrier(), mail)
  const parcel = await openParcel(db, order.id)
  const mails = await labelMails(order.id)
  expect(mails).toHaveLength(1)
  expect(mails[0]!.subject).toContain(order.reference)
  expect(mails[0]!.text).toContain(parcel!.trackingNumber)
  expect(mails[0]!.text).toContain(`https://shop.example/order-tracker-details/label?`)
})

it('keeps one label when two runs ask at once, and cancels the other with the carrier', async () => {
  const order = await placed()
  await Promise.all([makeWantedLabels(db, carrier(), mail), makeWantedLabels(db, carrier(), mail)])
  // One open label; a label the slower run got from the carrier meanwhile is recorded cancelled.
  const kept = await db
    .select()
    .from(orderParcel)
    .where(and(eq(orderParcel.orderId, order.id), isNull(orderParcel.cancelledAt)))
  expect(kept).toHaveLength(1)
  const atCarrier = (await admin('GET', `/admin/parcels?reference=${order.reference}`)).parcels as Array<{
    trackingNumber: string
    cancelled: boolean
  }>
  expect(atCarrier.filter((parcel) => !parcel.cancelled).map((parcel) => parcel.trackingNumber)).toEqual([
    kept[0]!.trackingNumber,
  ])
})

/** The carrier makes the label, then this process dies before it is kept: the job's next run starts over. */
function diesAfterTheLabel(): Carrier {
  const real = carrier()
  return {
    ...real,
    async createReturnLabel(...args) {
      await real.createReturnLabel(...args)
      throw new Error('the process died here')
    },
  }
}
const liveAtCarrier = async (reference: string) =>
  (
    (await admin('GET', `/admin/parcels?reference=${reference}`)).parcels as Array<{
      trackingNumber: string
      cancelled: boolean
    }>
  )
    .filter((parcel) => !parcel.cancelled)
    .map((parcel) => parcel.trackingNumber)

it('makes no second label when the process died after the carrier made the first and before it was kept', async () => {
  const order = await placed()
  await expect(makeWantedLabels(db, diesAfterTheLabel(), mail)).rejects.toThrow('the process died here')
  expect(await openParcel(db, order.id)).toBeNull()
  await makeWantedLabels(db, carrier(), mail)
  const kept = (await openParcel(db, order.id))!.trackingNumber
  // The carrier answered the same request with the same label: no stray label left live.
  const all = (await admin('GET', `/admin/parcels?reference=${order.reference}`)).parcels as unknown[]
  expect(all).toHaveLength(1)
  expect(await liveAtCarrier(order.reference)).toEqual([kept])
})

it('writes each tracking event into the order’s history once, and follows only parcels still awaited', async () => {
  const order = await placed()
  await makeWantedLabels(db, carrier(), mail)
  const { trackingNumber } = (await openParcel(db, order.id))!
  await admin('POST', `/admin/events/${trackingNumber}`, { code: 'EVPPA', at: '2026-11-30T10:00:00Z' })
  await admin('POST', `/admin/events/${trackingNumber}`, { code: 'EVNMC', at: '2026-11-30T18:00:00Z' })
  const now = new Date()
  await followParcels(db, carrier(), now)
  // Asked again later, the carrier repeats both: neither is written twice.
  await followParcels(db, carrier(), new Date(now.getTime() + FOLLOW_EVERY_MS + 1000))
  const history = await events(order.id, PARCEL_SCANNED)
  expect(history.map((event) => [event.reason, event.at.toISOString()])).toEqual([
    ['EVPPA', '2026-11-30T10:00:00.000Z'],
    ['EVNMC', '2026-11-30T18:00:00.000Z'],
  ])
  const [parcel] = await db.select().from(orderParcel).where(eq(orderParcel.orderId, order.id))
  expect(parcel!.lastEventCode).toBe('EVNMC')
  expect(await db.select().from(parcelEvent).where(eq(parcelEvent.parcelId, parcel!.id))).toHaveLength(2)

  // Received: its parcel is no longer asked after.
  await db.update(sellerOrder).set({ status: 'received' }).where(eq(sellerOrder.id, order.id))
  await admin('POST', `/admin/events/${trackingNumber}`, { code: 'EVDAV', at: '2026-12-01T09:00:00Z' })
  await followParcels(db, carrier(), new Date(now.getTime() + 3 * FOLLOW_EVERY_MS))
  expect(await events(order.id, PARCEL_SCANNED)).toHaveLength(2)
})

it('lists for goods-in the parcels the carrier expects by tomorrow, late ones first, until they are received', async () => {
  const [late, due, later] = [await placed(), await placed(), await placed()]
  await makeWantedLabels(db, carrier(), mail)
  const numbers = await Promise.all(
    [late, due, later].map(async (order) => (await openParcel(db, order.id))!.trackingNumber),
  )
  // The stand-in expects a parcel two days after it was handed in.
  const handedIn = ['2026-11-27T10:00:00Z', '2026-11-28T10:00:00Z', '2026-11-30T10:00:00Z']
  for (const [index, number] of numbers.entries())
    await admin('POST', `/admin/events/${number}`, { code: 'EVPPA', at: handedIn[index] })
  const now = new Date(Date.now() + 10 * FOLLOW_EVERY_MS)
  await followParcels(db, carrier(), now)
  const listed = (await expectedParcels(db, '2026-12-01')).filter((parcel) => numbers.includes(parcel.trackingNumber))
  expect(listed.map((parcel) => [parcel.reference, parcel.expectedOn, parcel.lastEventCode])).toEqual([
    [late.reference, '2026-11-29', 'EVPPA'],
    [due.reference, '2026-11-30', 'EVPPA'],
  ])
  // Delivered: expected the day it came; received, it leaves the list.
  await admin('POST', `/admin/events/${numbers[2]}`, { code: 'EVDAV', at: '2026-12-01T09:00:00Z' })
  await followParcels(db, carrier(), new Date(now.getTime() + 2 * FOLLOW_EVERY_MS))
  await db.update(sellerOrder).set({ status: 'received' }).where(eq(sellerOrder.id, late.id))
  const after = (await expectedParcels(db, '2026-12-01')).filter((parcel) => numbers.includes(parcel.trackingNumber))
  expect(after.map((parcel) => [parcel.reference, parcel.expectedOn])).toEqual([
    [due.reference, '2026-11-30'],
    [later.reference, '2026-12-01'],
  ])
})

describe('a second label', () => {
  const parcels = async (reference: string) =>
    (await admin('GET', `/admin/parcels?reference=${reference}`)).parcels as Array<{
      trackingNumber: string
      cancelled: boolean
    }>

  it('replaces the first, cancelled with the carrier, once however often it is asked at once', async () => {
    const order = await placed()
    await makeWantedLabels(db, carrier(), mail)
    const first = (await openParcel(db, order.id))!.trackingNumber
    const ask = () => replaceLabel(db, carrier(), { orderId: order.id, actor: 'seller', actorUserId: null })
    const [a, b] = await Promise.all([ask(), ask()])
    const now = (await openParcel(db, order.id))!.trackingNumber
    expect(now).not.toBe(first)
    expect([a, b]).toEqual([
      { kind: 'replaced', trackingNumber: now },
      { kind: 'replaced', trackingNumber: now },
    ])
    // At the carrier, only the one kept is live.
    expect((await parcels(order.reference)).filter((parcel) => !parcel.cancelled).map((p) => p.trackingNumber)).toEqual(
      [now],
    )
    expect((await events(order.id, LABEL_REPLACED)).map((event) => event.reason)).toEqual([`${first} → ${now}`])
  })

  it('makes one new label when the process died after the carrier made it, and asks again after a refusal', async () => {
    const order = await placed()
    await makeWantedLabels(db, carrier(), mail)
    const first = (await openParcel(db, order.id))!.trackingNumber
    const request = { orderId: order.id, actor: 'seller' as const, actorUserId: null }
    await expect(replaceLabel(db, diesAfterTheLabel(), request)).rejects.toThrow('the process died here')
    const again = await replaceLabel(db, carrier(), request)
    expect(again.kind).toBe('replaced')
    const second = (await openParcel(db, order.id))!.trackingNumber
    expect(await parcels(order.reference)).toEqual([
      expect.objectContaining({ trackingNumber: first, cancelled: true }),
      expect.objectContaining({ trackingNumber: second, cancelled: false }),
    ])

    // The old label could not be cancelled this time: the new one is cancelled, and the next ask
    // gets a label of its own rather than the one just cancelled.
    const real = carrier()
    let refusals = 1
    const refusesOnce: Carrier = {
      ...real,
      cancelLabel: async (number) => (refusals-- > 0 ? { ok: false, reason: 'unavailable' } : real.cancelLabel(number)),
    }
    await expect(replaceLabel(db, refusesOnce, request)).resolves.toEqual({ kind: 'unavailable' })
    expect((await openParcel(db, order.id))!.trackingNumber).toBe(second)
    await expect(replaceLabel(db, carrier(), request)).resolves.toEqual(expect.objectContaining({ kind: 'replaced' }))
    const third = (await openParcel(db, order.id))!.trackingNumber
    expect(third).not.toBe(second)
    expect(await liveAtCarrier(order.reference)).toEqual([third])
  })

  it('is refused once the parcel is in the post, and while the carrier is down, keeping the first', async () => {
    const order = await placed()
    await makeWantedLabels(db, carrier(), mail)
    const first = (await openParcel(db, order.id))!.trackingNumber
    await admin('POST', '/admin/mode', { mode: 'down', keys: [order.reference] })
    const ask = () => replaceLabel(db, carrier(), { orderId: order.id, actor: 'seller', actorUserId: null })
    await expect(ask()).resolves.toEqual({ kind: 'unavailable' })
    await admin('POST', '/admin/mode', { mode: 'up', keys: [order.reference] })
    // Handed in since the page was read: the carrier says so, and the new label is cancelled again.
    await admin('POST', `/admin/events/${first}`, { code: 'EVPPA' })
    await expect(ask()).resolves.toEqual({ kind: 'posted' })
    expect((await openParcel(db, order.id))!.trackingNumber).toBe(first)
    expect((await parcels(order.reference)).filter((parcel) => !parcel.cancelled).map((p) => p.trackingNumber)).toEqual(
      [first],
    )
  })
})
