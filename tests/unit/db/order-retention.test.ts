import { eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderItem, orderItemPhoto, sellerOrder } from '@/db/schema'
import { moveOrder } from '@/orders/moves/move-store'
import { applyRetention, recordCutoff, taxYearStart } from '@/orders/moves/retention'
import { getOrder, placeOrder } from '@/orders/record/store'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

const DAY = 24 * 3600 * 1000
const RETENTION = { bankDetailsDays: 30, recordYears: 6 }
const confirmation = (to: string) => [
  { kind: 'orderConfirmation', to, subject: 'Placed', text: 'Hello', html: '<p>Hello</p>' },
]

/** An order placed and taken to `status` by staff on `at`, as the lifecycle does it. */
async function orderEndedAt(status: 'paid' | 'cancelled' | 'placed', at: Date, placedAt = at) {
  const result = await placeOrder(
    db,
    sampleOrder({ emails: ({ reference }) => confirmation(`${reference}@example.com`) }),
  )
  if (result.kind !== 'placed') throw new Error(result.kind)
  const id = result.id
  await db.update(sellerOrder).set({ placedAt }).where(eq(sellerOrder.id, id))
  const moves =
    status === 'paid'
      ? ([
          ['receive', 'placed'],
          ['check', 'received'],
          ['pay', 'checked'],
        ] as const)
      : status === 'cancelled'
        ? ([['cancel', 'placed']] as const)
        : []
  for (const [move, from] of moves) {
    const moved = await moveOrder(db, {
      orderId: id,
      move,
      actor: 'manager',
      expectedStatus: from,
      reason: 'Seller asked by phone',
    })
    expect(moved.ok).toBe(true)
  }
  // The clock moved: the events happened on `at`.
  await db.update(orderEvent).set({ at }).where(eq(orderEvent.orderId, id))
  await db.update(sellerOrder).set({ statusSince: at }).where(eq(sellerOrder.id, id))
  await db.update(orderItem).set({ imei: '356938035643809', checkNotes: 'Scratch' }).where(eq(orderItem.orderId, id))
  return id
}

const row = async (id: string) => (await db.select().from(sellerOrder).where(eq(sellerOrder.id, id)))[0]!
const actions = async (id: string) => (await getOrder(db, { id }))!.events.map((event) => [event.actor, event.action])

describe('the tax year an order belongs to', () => {
  it('starts on 6 April', () => {
    expect(taxYearStart(new Date('2026-04-06T00:00:00Z')).toISOString()).toBe('2026-04-06T00:00:00.000Z')
    expect(taxYearStart(new Date('2026-04-05T23:59:59Z')).toISOString()).toBe('2025-04-06T00:00:00.000Z')
    expect(taxYearStart(new Date('2026-11-26T12:00:00Z')).toISOString()).toBe('2026-04-06T00:00:00.000Z')
  })

  it('keeps an order six years after the end of its tax year, not six years after it was placed', () => {
    // Placed on 1 March 2020 (tax year ending 5 April 2020): kept until 6 April 2026.
    const placed = new Date('2020-03-01T12:00:00Z')
    expect(placed < recordCutoff(new Date('2026-04-05T12:00:00Z'), 6)).toBe(false)
    expect(placed < recordCutoff(new Date('2026-04-06T12:00:00Z'), 6)).toBe(true)
    // Placed on 7 April 2020 (tax year ending 5 April 2021): still kept in March 2027.
    expect(new Date('2020-04-07T12:00:00Z') < recordCutoff(new Date('2027-03-01T12:00:00Z'), 6)).toBe(false)
  })
})

describe('retention, as the minute job applies it', () => {
  it('deletes the sealed bank details the set number of days after payment, keeping the last four digits', async () => {
    const now = new Date()
    const paidLongAgo = await orderEndedAt('paid', new Date(now.getTime() - 31 * DAY))
    const paidRecently = await orderEndedAt('paid', new Date(now.getTime() - 29 * DAY))
    const stillOpen = await orderEndedAt('placed', new Date(now.getTime() - 90 * DAY))

    const done = await applyRetention(db, RETENTION, now)
    expect(done.bankDetails).toBe(1)

    const paid = await row(paidLongAgo)
    expect(paid.payoutSealed).toBeNull()
    expect(paid.payoutLast4).toBe('5678')
    // Nothing else goes: the seller still has their order, with its name and address.
    expect(paid.name).toBe('Sam Seller')
    expect(paid.status).toBe('paid')
    expect((await actions(paidLongAgo)).at(-1)).toEqual(['system', 'remove-bank-details'])
    expect((await row(paidRecently)).payoutSealed).toMatch(/^sealed-for-/)
    // An order still in progress needs its bank details to be paid.
    expect((await row(stillOpen)).payoutSealed).toMatch(/^sealed-for-/)
  })

  it('deletes a cancelled order’s bank details too, counted from the cancellation', async () => {
    const now = new Date()
    const cancelled = await orderEndedAt('cancelled', new Date(now.getTime() - 40 * DAY))
    await applyRetention(db, RETENTION, now)
    expect((await row(cancelled)).payoutSealed).toBeNull()
  })

  it('reduces an order to the tax record once its years are up, and changes nothing when run again', async () => {
    const now = new Date('2030-06-01T12:00:00Z')
    const old = await orderEndedAt('paid', new Date('2023-06-01T12:00:00Z'), new Date('2023-05-20T12:00:00Z'))
    const recent = await orderEndedAt('paid', new Date('2024-05-01T12:00:00Z'))
    // Cancelled, and never sent: it rests, and is kept no longer than one that was paid.
    const oldCancelled = await orderEndedAt(
      'cancelled',
      new Date('2023-06-01T12:00:00Z'),
      new Date('2023-05-20T12:00:00Z'),
    )
    const before = await row(old)
    // A photo of each device, taken at the check.
    const photoOf = async (orderId: string) => {
      const [item] = await db.select().from(orderItem).where(eq(orderItem.orderId, orderId))
      const bytes = Buffer.from('RIFF....WEBPVP8 a photo')
      await db.insert(orderItemPhoto).values({
        orderId,
        orderItemId: item!.id,
        contentType: 'image/webp',
        bytes,
        byteSize: bytes.length,
        width: 1600,
        height: 1200,
      })
    }
    await photoOf(old)
    await photoOf(recent)
    const photos = async (orderId: string) =>
      (await db.select().from(orderItemPhoto).where(eq(orderItemPhoto.orderId, orderId))).length

    const first = await applyRetention(db, RETENTION, now)
    expect(first.records).toBeGreaterThanOrEqual(1)
    const reduced = (await getOrder(db, { id: old }))!
    // What HMRC needs: the reference, dates, amounts and device models.
    expect(reduced).toMatchObject({
      reference: before.reference,
      status: 'paid',
      totalPence: before.totalPence,
      placedAt: before.placedAt,
      termsRevision: 'seed',
    })
    expect(reduced.items.map((item) => [item.device, item.pricePence])).toEqual([['Apple iPhone 13 128GB', 16_000]])
    // Nothing that names the seller: no name, address, e-mail, phone or bank details, no IMEI, no free text.
    expect(reduced).toMatchObject({
      userId: null,
      email: null,
      name: null,
      phone: null,
      addressLine1: null,
      town: null,
      postcode: null,
      payoutSealed: null,
      payoutLast4: null,
      idempotencyKey: null,
      requestHash: null,
      declarations: [],
    })
    expect(reduced.items[0]).toMatchObject({ imei: null, checkNotes: null })
    // Nor a photo of the device; the grade found says what they showed.
    expect(await photos(old)).toBe(0)
    expect(await photos(recent)).toBe(1)
    expect(reduced.events.every((event) => event.reason === null)).toBe(true)
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, old))).toEqual([])
    // The bank details went first (30 days after payment), then the order: each step in the history, once.
    expect((await actions(old)).slice(-2)).toEqual([
      ['system', 'remove-bank-details'],
      ['system', 'reduce-record'],
    ])
    expect(await row(oldCancelled)).toMatchObject({ name: null, email: null, payoutSealed: null })
    // An order from the next tax year but five is kept whole.
    expect((await row(recent)).name).toBe('Sam Seller')

    const eventsBefore = (await getOrder(db, { id: old }))!.events.length
    await expect(applyRetention(db, RETENTION, now)).resolves.toEqual({ bankDetails: 0, runFiles: 0, records: 0 })
    expect((await getOrder(db, { id: old }))!.events).toHaveLength(eventsBefore)
  })

  it('waits for the editors’ longer period when the Orders document sets one', async () => {
    const now = new Date('2031-06-01T12:00:00Z')
    const id = await orderEndedAt('paid', new Date('2024-06-01T12:00:00Z'))
    await applyRetention(db, { bankDetailsDays: 365 * 8, recordYears: 10 }, now)
    const kept = await row(id)
    expect(kept.name).toBe('Sam Seller')
    expect(kept.payoutSealed).toMatch(/^sealed-for-/)
  })
})
