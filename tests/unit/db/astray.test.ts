import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { and, eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderParcel, sellerOrder, smsOutbox } from '@/db/schema'
import { carrierClient } from '@/carrier/client'
import { PARCEL_ASTRAY } from '@/carrier/parcel-history'
import { astrayParcels, markAstrayParcels, sendDueTexts } from '@/orders/parcels/astray'
import { followParcels, makeWantedLabels, openParcel } from '@/orders/parcels/parcels'
import { placeOrder } from '@/orders/record/store'
import type { OrderMailContext } from '@/orders/record/mail'
import { smsClient, type Sms } from '@/sms/client'
import { createCarrierServer } from '../../../carrier-api/server'
import { createSmsServer } from '../../../sms-api/server'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { seedCheckoutWords } from '../../support/seed-email-loaders'
import { withFileDatabase } from '../../support/test-database'

/**
 * A parcel astray: quiet at the carrier for the days the Orders document sets, marked once with its
 * history, one e-mail and (with a mobile number) one text, the text sent once even across a crash.
 * Against the carrier's and the text-message provider's stand-ins, on PGlite and PostgreSQL.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

process.env.BETTER_AUTH_SECRET ??= 'astray-test-secret-0123456789abcdef'

const KEY = 'astray-test-stand-in-key-0123456789'
let carrierServer: Server
let smsServer: Server
let carrierUrl: string
let smsUrl: string
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
beforeAll(async () => {
  carrierServer = createCarrierServer({ key: KEY })
  smsServer = createSmsServer({ key: KEY })
  carrierUrl = await listen(carrierServer)
  smsUrl = await listen(smsServer)
})
afterAll(async () => {
  await new Promise((resolve) => carrierServer.close(resolve))
  await new Promise((resolve) => smsServer.close(resolve))
})
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => jest.restoreAllMocks())

const admin = (url: string, method: string, path: string, body?: object) =>
  fetch(`${url}${path}`, {
    method,
    body: body ? JSON.stringify(body) : undefined,
    headers: { authorization: `Bearer ${KEY}` },
  }).then((response) => response.json() as Promise<Record<string, unknown>>)
const carrier = () => carrierClient({ url: carrierUrl, key: undefined, timeoutMs: 2000, standInKey: KEY })
const sms = () => smsClient({ url: smsUrl, key: undefined, from: 'StandIn', timeoutMs: 2000, standInKey: KEY })
/** The texts the provider was sent with these words (each order's words name its reference). */
const textsSent = async (body: string) =>
  ((await admin(smsUrl, 'GET', '/admin/sent')).texts as { to: string; body: string }[]).filter(
    (text) => text.body === body,
  )
const mail: OrderMailContext = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const DAYS = 5
const DAY = 86_400_000
const context = { days: DAYS, mail }

/** An order placed with its tracked label, the carrier asked after it once as of `now`. */
async function posted() {
  const result = await placeOrder(db, sampleOrder({ emails: () => [] }))
  if (result.kind !== 'placed') throw new Error(result.kind)
  await makeWantedLabels(db, carrier(), mail)
  const { trackingNumber } = (await openParcel(db, result.id))!
  return { ...result, trackingNumber }
}
/** The carrier scans the parcel in at a post office at `at`, and the tracking job reads it. */
async function handIn(order: { trackingNumber: string }, at: Date) {
  await admin(carrierUrl, 'POST', `/admin/events/${order.trackingNumber}`, { code: 'EVPPA', at: at.toISOString() })
  // Asked now, however recently the job last asked after it.
  await followParcels(db, carrier(), new Date(), { every: 0 })
}
const history = (orderId: string) =>
  db
    .select()
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, PARCEL_ASTRAY)))
const mails = (orderId: string) =>
  db
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'parcelAstray')))
const texts = (orderId: string) => db.select().from(smsOutbox).where(eq(smsOutbox.orderId, orderId))
const parcelOf = async (orderId: string) =>
  (await db.select().from(orderParcel).where(eq(orderParcel.orderId, orderId)))[0]!

it('marks a parcel quiet for the days set astray once, with its history, one e-mail and one text', async () => {
  const order = await posted()
  // Handed in, then lost: the carrier never scans it again.
  const handedIn = new Date(Date.now() - 60_000)
  await admin(carrierUrl, 'POST', `/admin/events/${order.trackingNumber}`, {
    code: 'EVPPA',
    at: handedIn.toISOString(),
  })
  await admin(carrierUrl, 'POST', `/admin/lose/${order.trackingNumber}`)
  await followParcels(db, carrier(), new Date())

  // A day short of the days set: not yet.
  await markAstrayParcels(db, context, new Date(handedIn.getTime() + (DAYS - 1) * DAY))
  expect((await parcelOf(order.id)).astrayAt).toBeNull()

  const now = new Date(handedIn.getTime() + DAYS * DAY + 60_000)
  // Two runs at once, and a third after: one mark, one entry, one e-mail, one text.
  await Promise.all([markAstrayParcels(db, context, now), markAstrayParcels(db, context, now)])
  await markAstrayParcels(db, context, new Date(now.getTime() + DAY))
  expect((await parcelOf(order.id)).astrayAt).toEqual(now)
  const entries = await history(order.id)
  expect(entries.map((entry) => [entry.actor, entry.reason, entry.at, entry.fromStatus, entry.toStatus])).toEqual([
    ['system', order.trackingNumber, now, 'placed', 'placed'],
  ])
  const sent = await mails(order.id)
  expect(sent).toHaveLength(1)
  expect(sent[0]!.subject).toContain(order.reference)
  expect(sent[0]!.text).toContain(order.trackingNumber)
  expect(sent[0]!.text).toContain('proof of postage')
  expect(sent[0]!.text).not.toMatch(/\{\w+\}/)
  const queued = await texts(order.id)
  expect(queued.map((text) => text.status)).toEqual(['pending'])
  expect(queued[0]!.body).toContain(order.reference)
  expect(queued[0]!.body).not.toMatch(/\{\w+\}/)
  // The number is the order's, read as it is sent: never kept beside the words.
  expect(queued[0]!.body).not.toContain('07700')

  await Promise.all([sendDueTexts(db, sms(), now), sendDueTexts(db, sms(), now)])
  await sendDueTexts(db, sms(), new Date(now.getTime() + DAY))
  expect(await textsSent(queued[0]!.body)).toEqual([
    expect.objectContaining({ to: '+447700900123', body: queued[0]!.body }),
  ])
  expect((await texts(order.id)).map((text) => text.status)).toEqual(['sent'])

  // Goods-in lists it until the order is received.
  expect((await astrayParcels(db)).find((parcel) => parcel.reference === order.reference)).toMatchObject({
    trackingNumber: order.trackingNumber,
    lastEventCode: 'EVPPA',
    astrayAt: now,
  })
  await db.update(sellerOrder).set({ status: 'received' }).where(eq(sellerOrder.id, order.id))
  expect((await astrayParcels(db)).some((parcel) => parcel.reference === order.reference)).toBe(false)
})

it('does not mark a parcel scanned within the days, one delivered, or one whose order is received', async () => {
  const [recent, delivered, received] = [await posted(), await posted(), await posted()]
  const now = new Date(Date.now() + (DAYS + 1) * DAY)
  await admin(carrierUrl, 'POST', `/admin/events/${recent.trackingNumber}`, {
    code: 'EVNMC',
    at: new Date(now.getTime() - DAY).toISOString(),
  })
  await admin(carrierUrl, 'POST', `/admin/events/${delivered.trackingNumber}`, {
    code: 'EVDAV',
    at: new Date(Date.now() - 60_000).toISOString(),
  })
  await followParcels(db, carrier(), new Date())
  await db.update(sellerOrder).set({ status: 'received' }).where(eq(sellerOrder.id, received.id))
  await markAstrayParcels(db, context, now)
  for (const order of [recent, delivered, received]) {
    expect((await parcelOf(order.id)).astrayAt).toBeNull()
    expect(await history(order.id)).toEqual([])
    expect(await mails(order.id)).toEqual([])
    expect(await texts(order.id)).toEqual([])
  }
})

it('never marks a parcel not yet handed in, and e-mails alone a seller with no mobile once it is astray', async () => {
  const order = await posted()
  await db.update(sellerOrder).set({ phone: null }).where(eq(sellerOrder.id, order.id))
  // Not in the post yet, however long: the seller has not handed it in, and nobody is texted.
  const made = (await parcelOf(order.id)).madeAt
  await markAstrayParcels(db, context, new Date(made.getTime() + 3 * DAYS * DAY))
  expect(await history(order.id)).toEqual([])
  expect(await mails(order.id)).toEqual([])

  const handedIn = new Date(Date.now() - 60_000)
  await handIn(order, handedIn)
  await markAstrayParcels(db, context, new Date(handedIn.getTime() + DAYS * DAY - 60_000))
  expect(await history(order.id)).toEqual([])
  await markAstrayParcels(db, context, new Date(handedIn.getTime() + DAYS * DAY + 60_000))
  expect(await history(order.id)).toHaveLength(1)
  expect(await mails(order.id)).toHaveLength(1)
  expect(await texts(order.id)).toEqual([])
})

it('texts at most once when the job stopped after the provider took the text and before it was marked sent', async () => {
  const order = await posted()
  const handedIn = new Date(Date.now() - 60_000)
  await handIn(order, handedIn)
  const now = new Date(handedIn.getTime() + (DAYS + 1) * DAY)
  await markAstrayParcels(db, context, now)
  const [queued] = await texts(order.id)
  // The provider takes the text, and the process stops before it is marked sent.
  const real = sms()
  const diesAfterSending: Sms = {
    async send(text) {
      await real.send(text)
      throw new Error('the process died here')
    },
  }
  await expect(sendDueTexts(db, diesAfterSending, now)).rejects.toThrow('the process died here')
  await sendDueTexts(db, sms(), now)
  await sendDueTexts(db, sms(), new Date(now.getTime() + DAY))
  expect(await textsSent(queued!.body)).toHaveLength(1)
  // The text it was sending when it stopped (this order's, or another's due before it) stays
  // claimed, never sent a second time; every text went once.
  const all = await db.select().from(smsOutbox)
  expect(all.filter((text) => text.status === 'sending')).toHaveLength(1)
  expect(all.every((text) => ['sending', 'sent'].includes(text.status))).toBe(true)
  for (const text of all) expect(await textsSent(text.body)).toHaveLength(1)
})

it('tries a text again while the provider is down, and sends none to a number erased meanwhile', async () => {
  const [waiting, erased] = [await posted(), await posted()]
  for (const order of [waiting, erased]) await handIn(order, new Date())
  const now = new Date(Date.now() + (DAYS + 1) * DAY)
  await markAstrayParcels(db, context, now)
  await db.update(sellerOrder).set({ phone: null }).where(eq(sellerOrder.id, erased.id))
  await admin(smsUrl, 'POST', '/admin/mode', { mode: 'down' })
  await sendDueTexts(db, sms(), now)
  await admin(smsUrl, 'POST', '/admin/mode', { mode: 'up' })
  const [down] = await texts(waiting.id)
  expect([down!.status, down!.attempts, down!.lastError]).toEqual(['pending', 1, 'unavailable'])
  // Not before its next try; then sent.
  await sendDueTexts(db, sms(), now)
  expect(await textsSent(down!.body)).toEqual([])
  await sendDueTexts(db, sms(), new Date(now.getTime() + 120_000))
  expect(await textsSent(down!.body)).toHaveLength(1)
  const [gone] = await texts(erased.id)
  expect([gone!.status, gone!.lastError]).toEqual(['failed', 'no number'])
  expect(await textsSent(gone!.body)).toEqual([])
})
