import { randomBytes, randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { contactMessage, emailOutbox, manualOffer, orderItem, sellerOrder, stockDevice, user } from '@/db/schema'
import { manualOfferMail } from '@/orders/manual-offers/offer-mail'
import { claimOffer, findOffer, makeOffer, markOfferAccepted } from '@/orders/manual-offers/offer-store'
import { freeRecyclingBlock } from '@/orders/moves/free-recycling'
import { makeRun, readyOrders } from '@/orders/payment-runs/payment-runs'
import { dueOrders } from '@/orders/payments/payout-job'
import { getOrder, placeOrder } from '@/orders/record/store'
import { NO_CLOSED_DAYS } from '@/orders/record/working-days'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import type { Payer } from '@/payouts/payer'
import type { PayoutDetails } from '@/payouts/methods'
import { takeInPaidDevices } from '@/stock/stock-store'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * Free recycling (the brand page's "we can still recycle them responsibly for free"): a £0 staff
 * offer, chosen as such, places an order with no payout details that nothing ever pays; its device
 * goes into stock once staff take it for recycling.
 */

process.env.BETTER_AUTH_SECRET ??= 'free-recycling-test-secret-0123456789abcdef'

let db: Db
withFileDatabase((opened) => (db = opened))

const DAY = 24 * 60 * 60 * 1000
const mail = { copy: seedWithFacts('emailCopy') as EmailCopy, origin: 'https://shop.example' }
const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })

async function message() {
  const email = `jo.${randomUUID().slice(0, 8)}@example.com`
  const [row] = await db
    .insert(contactMessage)
    .values({ name: 'Jo Bloggs', email, message: 'An old phone with a cracked back: is it worth anything?' })
    .returning({ id: contactMessage.id })
  const userId = randomUUID()
  await db.insert(user).values({ id: userId, name: 'Sam Staff', email: `${userId}@example.com`, role: 'staff' })
  return { messageId: row!.id, email, actor: { userId, name: 'Sam Staff' } }
}

async function recyclingOffer() {
  const { messageId, email, actor } = await message()
  const expiresAt = new Date(Date.now() + 14 * DAY)
  const offer = { messageId, model: 'Nokia 3310', pricePence: 0, recycle: true, reason: 'No resale value' }
  const id = await makeOffer(db, { ...offer, actor, expiresAt }, (recipient) =>
    manualOfferMail(recipient, { ...offer, expiresAt }, mail, messageId),
  )
  return { id: id!, messageId, email }
}

/** What accepting a recycling offer places (accept.ts, with `free`): no payout details at all. */
async function acceptFree(id: string) {
  const offer = (await findOffer(db, id))!
  const placed = await placeOrder(
    db,
    sampleOrder({
      idempotencyKey: `staff-offer:${id}`,
      sealPayout: null,
      payoutMatch: null,
      payoutLast4: null,
      items: [
        { ...sampleOrder().items[0]!, modelId: 'staff-offer', device: offer.model, pricePence: offer.pricePence },
      ],
      offer: {
        claim: (tx) => claimOffer(tx, id),
        placed: (tx, order) => markOfferAccepted(tx, id, order.id),
        madeBy: { userId: offer.madeBy, name: offer.madeByName, reason: offer.reason },
      },
    }),
  )
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  return placed
}

/** Checked, every device passed by the register yesterday: where a priced order is ready to pay. */
async function checkedAndPassed(orderId: string) {
  const yesterday = new Date(Date.now() - DAY)
  await db.update(sellerOrder).set({ status: 'checked', statusSince: yesterday }).where(eq(sellerOrder.id, orderId))
  await db
    .update(orderItem)
    .set({ registerResult: 'pass', registerCheckedAt: yesterday })
    .where(eq(orderItem.orderId, orderId))
}

/** A priced order ready to pay beside it, so that a read that finds nothing is not why the free one is left out. */
async function pricedReady() {
  const bank = { accountHolder: 'Pat Priced', sortCode: '30-94-57', accountNumber: '12345678' }
  const placed = await placeOrder(db, sampleOrder({ sealPayout: (reference) => sealPayout(bank, reference, keys) }))
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  await checkedAndPassed(placed.id)
  return placed
}

describe('a free recycling offer', () => {
  it('is kept at £0 as recycling, and its e-mail says free recycling, never a price', async () => {
    const { id, messageId, email } = await recyclingOffer()
    expect(await findOffer(db, id)).toMatchObject({ pricePence: 0, recycle: true, status: 'open' })
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.contactMessageId, messageId))
    expect(sent).toMatchObject({ kind: 'manualOffer', toAddress: email })
    expect(sent!.subject).toContain('recycle')
    expect(sent!.textBody).toContain('for free')
    expect(sent!.textBody).not.toContain('£0')
  })

  it('is £0 only when chosen as recycling, by the table too: no price with recycling, no £0 without', async () => {
    const { messageId } = await message()
    const row = { messageId, model: 'X', reason: 'r', madeByName: 'S', expiresAt: new Date() }
    await expect(db.insert(manualOffer).values({ ...row, pricePence: 0 })).rejects.toThrow()
    await expect(db.insert(manualOffer).values({ ...row, pricePence: 0, recycle: false })).rejects.toThrow()
    await expect(db.insert(manualOffer).values({ ...row, pricePence: 5_000, recycle: true })).rejects.toThrow()
    await expect(db.insert(manualOffer).values({ ...row, pricePence: 0, recycle: true })).resolves.toBeDefined()
  })
})

describe('its order', () => {
  it('is the only £0 order the table lets in: a catalogue device at £0 is refused', async () => {
    const zero = { ...sampleOrder().items[0]!, pricePence: 0 }
    await expect(placeOrder(db, sampleOrder({ items: [zero] }))).rejects.toThrow()
  })

  it('is placed at £0 with no payout details', async () => {
    const { id } = await recyclingOffer()
    const placed = await acceptFree(id)
    const order = (await getOrder(db, { id: placed.id }))!
    expect(order).toMatchObject({ totalPence: 0, status: 'placed', payoutLast4: null })
    const [row] = await db
      .select({ sealed: sellerOrder.payoutSealed, match: sellerOrder.payoutMatch })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, placed.id))
    expect(row).toEqual({ sealed: null, match: null })
  })

  it('is never picked up by a payment run, even chosen by hand, nor by the payout job, checked and passed', async () => {
    const free = await acceptFree((await recyclingOffer()).id)
    await checkedAndPassed(free.id)
    const priced = await pricedReady()
    const now = new Date()

    const ready = (await readyOrders(db, now)).map((order) => order.id)
    expect(ready).toContain(priced.id)
    expect(ready).not.toContain(free.id)

    const payer = { id: 'faster-payments' } as Payer<PayoutDetails>
    const context = { cutoff: '00:00', payers: { 'faster-payments': payer }, calendar: NO_CLOSED_DAYS }
    const day = now.toISOString().slice(0, 10)
    const due = (await dueOrders(db, context, day, new Date(now.getTime() + 2 * DAY), 1000)).map((order) => order.id)
    expect(due).toContain(priced.id)
    expect(due).not.toContain(free.id)

    const manager = { id: randomUUID(), name: 'Maya Manager' }
    await db.insert(user).values({ ...manager, email: `${manager.id}@example.com`, role: 'manager' })
    const originator = { sortCode: '601613', accountNumber: '31926819', name: 'HANDBACK LTD' }
    expect(await makeRun(db, { orderIds: [free.id], manager, originator, keys, now })).toEqual({
      ok: false,
      reason: 'none-left',
    })
    const run = await makeRun(db, { orderIds: 'all-ready', manager, originator, keys, now })
    expect(run).toMatchObject({ ok: true })
    const [after] = await db.select().from(sellerOrder).where(eq(sellerOrder.id, free.id))
    expect(after).toMatchObject({ status: 'checked', paymentRunId: null })
  })

  it('has its device taken into stock once taken for recycling, not before', async () => {
    const free = await acceptFree((await recyclingOffer()).id)
    await checkedAndPassed(free.id)
    const items = await db.select({ id: orderItem.id }).from(orderItem).where(eq(orderItem.orderId, free.id))
    const inStock = () =>
      db
        .select()
        .from(stockDevice)
        .where(
          inArray(
            stockDevice.orderItemId,
            items.map((item) => item.id),
          ),
        )
    await takeInPaidDevices(db)
    expect(await inStock()).toHaveLength(0)
    await db.update(sellerOrder).set({ status: 'recycling' }).where(eq(sellerOrder.id, free.id))
    await takeInPaidDevices(db)
    expect(await inStock()).toEqual([expect.objectContaining({ state: 'in-stock' })])
  })
})

describe('the moves its price decides', () => {
  it('refuses paying, revising or paying as lost a £0 order, and recycling one with a price', () => {
    for (const move of ['pay', 'revise', 'loseInCare'] as const) {
      expect(freeRecyclingBlock(move, 0)).toBe('freeOrder')
      expect(freeRecyclingBlock(move, 1)).toBeNull()
    }
    expect(freeRecyclingBlock('recycle', 1)).toBe('notFreeOrder')
    expect(freeRecyclingBlock('recycle', 0)).toBeNull()
    expect(freeRecyclingBlock('receive', 0)).toBeNull()
  })
})
