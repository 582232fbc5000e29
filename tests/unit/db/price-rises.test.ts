import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder, user } from '@/db/schema'
import { addDays } from '@/orders/lifecycle'
import { answerDevices, moveOrder } from '@/orders/move-store'
import { makeRun, readyOrders } from '@/orders/payment-runs'
import { readPayoutKeys, sealPayout } from '@/orders/payout-crypto'
import { getOrder, placeOrder } from '@/orders/store'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase } from '../../support/test-database'

/**
 * A price above the seller's quote is one person's decision no more: it reaches the seller only
 * once a manager (another one, for a manager's own rise) approved it, and no payment, by a run or
 * by hand, carries a rise nobody approved. Run on PGlite and on a PostgreSQL server.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

const DAY_MS = 24 * 3600 * 1000
const QUOTE = 11_400
const FIVE_THOUSAND = 500_000
const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const originator = { sortCode: '601613', accountNumber: '31926819', name: 'HANDBACK LTD' }

async function addUser(name: string, role: 'staff' | 'manager') {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role } as typeof user.$inferInsert)
  return { id, name }
}

let staff: { id: string; name: string }
let manager: { id: string; name: string }
beforeAll(async () => {
  staff = await addUser('Sid Staff', 'staff')
  manager = await addUser('Maya Manager', 'manager')
})

/** An iPhone 13 quoted at £114, received and checked, passed by the register yesterday, with real sealed bank details. */
async function checkedOrder() {
  const placed = await placeOrder(
    db,
    sampleOrder({
      emails: () => [],
      sealPayout: (reference) =>
        sealPayout({ accountHolder: 'Sam Seller', sortCode: '30-94-11', accountNumber: '12345678' }, reference, keys),
      items: [{ ...sampleOrder().items[0]!, pricePence: QUOTE }],
    }),
  )
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  for (const [move, from] of [
    ['receive', 'placed'],
    ['check', 'received'],
  ] as const) {
    await moveOrder(db, { orderId: placed.id, move, actor: 'staff', expectedStatus: from })
  }
  await db
    .update(orderItem)
    .set({ registerResult: 'pass', registerCheckedAt: new Date(Date.now() - DAY_MS) })
    .where(eq(orderItem.orderId, placed.id))
  return (await getOrder(db, { id: placed.id }))!
}

const statusOf = async (id: string) => (await getOrder(db, { id }))!.status

describe('the £5,000 rise made by one member of staff (issue 43, item 2)', () => {
  it('never reaches the seller: the revise move refuses a price above the quote that no manager approved', async () => {
    const order = await checkedOrder()
    const [item] = order.items
    const revised = await moveOrder(db, {
      orderId: order.id,
      move: 'revise',
      actor: 'staff',
      actorUserId: staff.id,
      expectedStatus: 'checked',
      set: { offerDeadline: addDays(new Date(), 14) },
      items: [{ id: item!.id, set: { revisedPricePence: FIVE_THOUSAND, revisedReason: 'Mint' } }],
    })
    expect(revised).toEqual({ ok: false, reason: 'rise-unapproved' })
    const after = (await getOrder(db, { id: order.id }))!
    expect(after.status).toBe('checked')
    expect(after.items[0]!.revisedPricePence).toBeNull()
    // The seller has nothing to accept.
    expect(
      await answerDevices(db, { orderId: order.id, answers: [{ itemId: item!.id, answer: 'accept' }], actor: 'seller' }),
    ).toEqual({ ok: false, reason: 'moved', status: 'checked' })
    expect(after.events.map((event) => event.action)).not.toContain('revise')
  })

  it('is carried by no payment run and paid by no manager, when an order already holds it', async () => {
    // As an order revised and accepted before approvals existed (or written by hand) holds it.
    const order = await checkedOrder()
    await db
      .update(orderItem)
      .set({ revisedPricePence: FIVE_THOUSAND, revisedReason: 'Mint', offerAnswer: 'accept' })
      .where(eq(orderItem.orderId, order.id))
    await db
      .update(sellerOrder)
      .set({ status: 'accepted', totalPence: FIVE_THOUSAND })
      .where(eq(sellerOrder.id, order.id))

    expect((await readyOrders(db)).map((ready) => ready.id)).not.toContain(order.id)
    expect(await makeRun(db, { orderIds: [order.id], manager, originator, keys })).toEqual({
      ok: false,
      reason: 'none-left',
    })
    const all = await makeRun(db, { orderIds: 'all-ready', manager, originator, keys })
    expect(all.ok ? all.count : 0).toBe(0)
    expect(await moveOrder(db, { orderId: order.id, move: 'pay', actor: 'manager', expectedStatus: 'accepted' })).toEqual(
      { ok: false, reason: 'rise-unapproved' },
    )
    expect(await statusOf(order.id)).toBe('accepted')
  })

  it('still pays a rise a manager approved, and a lower price, as before', async () => {
    const approved = await checkedOrder()
    await db
      .update(orderItem)
      .set({ revisedPricePence: 20_000, offerAnswer: 'accept', riseApprovedAt: new Date(Date.now() - DAY_MS) })
      .where(eq(orderItem.orderId, approved.id))
    await db
      .update(sellerOrder)
      .set({ status: 'accepted', totalPence: 20_000 })
      .where(eq(sellerOrder.id, approved.id))
    const lower = await checkedOrder()
    await db
      .update(orderItem)
      .set({ revisedPricePence: 9_000, offerAnswer: 'accept' })
      .where(eq(orderItem.orderId, lower.id))
    await db.update(sellerOrder).set({ status: 'accepted', totalPence: 9_000 }).where(eq(sellerOrder.id, lower.id))

    const made = await makeRun(db, { orderIds: [approved.id, lower.id], manager, originator, keys })
    expect(made.ok && made.count).toBe(2)
  })
})
