import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder, user } from '@/db/schema'
import { addDays } from '@/orders/record/lifecycle'
import { moveOrder } from '@/orders/moves/move-store'
import { answerDevices } from '@/orders/moves/device-answers'
import { makeRun, readyOrders } from '@/orders/payment-runs/payment-runs'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { approveRise, proposeRise, refuseRise, riseCounts, waitingRises } from '@/orders/moves/rise-store'
import { getOrder, placeOrder, type OrderRecord } from '@/orders/record/store'
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
  return { id, name, role }
}

type Member = { id: string; name: string; role: 'staff' | 'manager' }
let staff: Member
let manager: Member
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
      await answerDevices(db, {
        orderId: order.id,
        answers: [{ itemId: item!.id, answer: 'accept' }],
        actor: 'seller',
      }),
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
    // Every other order this file made is put out of the way, so "all ready" has only this one to find.
    await db
      .update(sellerOrder)
      .set({ status: 'returned' })
      .where(and(inArray(sellerOrder.status, ['checked', 'accepted']), ne(sellerOrder.id, order.id)))
    expect(await makeRun(db, { orderIds: 'all-ready', manager, originator, keys })).toEqual({
      ok: false,
      reason: 'none-left',
    })
    expect(
      await moveOrder(db, { orderId: order.id, move: 'pay', actor: 'manager', expectedStatus: 'accepted' }),
    ).toEqual({ ok: false, reason: 'rise-unapproved' })
    expect(await statusOf(order.id)).toBe('accepted')
  })

  it('still pays a rise a manager approved, and a lower price, as before', async () => {
    const approved = await checkedOrder()
    await db
      .update(orderItem)
      .set({ revisedPricePence: 20_000, offerAnswer: 'accept', riseApprovedAt: new Date(Date.now() - DAY_MS) })
      .where(eq(orderItem.orderId, approved.id))
    await db.update(sellerOrder).set({ status: 'accepted', totalPence: 20_000 }).where(eq(sellerOrder.id, approved.id))
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

describe('a rise asked for, and a manager who did not ask deciding it', () => {
  const ask = (orderId: string, itemId: string, who: Member) =>
    proposeRise(db, {
      orderId,
      staff: who,
      expectedStatus: 'checked',
      items: [{ id: itemId, pricePence: FIVE_THOUSAND, reason: 'Mint, boxed' }],
      reason: 'Apple iPhone 13 128GB: £5,000.00 (Mint, boxed)',
    })
  const deadline = () => addDays(new Date(), 14)
  const sent: string[] = []
  const emails = (order: OrderRecord) => {
    sent.push(order.reference)
    return [{ kind: 'revisedOffer', to: order.email!, subject: 'offer', text: 'offer', html: '<p>offer</p>' }]
  }

  it('keeps the rise from the seller until another manager approves it; then it is offered, and paid once accepted', async () => {
    const order = await checkedOrder()
    const itemId = order.items[0]!.id
    expect(await ask(order.id, itemId, staff)).toEqual({ ok: true })
    const waiting = (await getOrder(db, { id: order.id }))!
    expect(waiting.status).toBe('checked')
    expect(waiting.items[0]).toMatchObject({ revisedPricePence: null, proposedPricePence: FIVE_THOUSAND })
    expect(
      await answerDevices(db, { orderId: order.id, answers: [{ itemId, answer: 'accept' }], actor: 'seller' }),
    ).toEqual({ ok: false, reason: 'moved', status: 'checked' })
    // Not paid at the quote either, while the rise waits.
    expect((await readyOrders(db)).map((ready) => ready.id)).not.toContain(order.id)
    // A second offer while one waits is refused.
    expect(await ask(order.id, itemId, staff)).toEqual({ ok: false, reason: 'already-waiting' })
    expect((await waitingRises(db)).map((rise) => rise.reference)).toContain(order.reference)
    // Plain staff cannot approve.
    expect(
      await approveRise(db, {
        orderId: order.id,
        manager: { id: staff.id, role: 'staff' },
        why: 'x',
        offerDeadline: deadline(),
      }),
    ).toEqual({ ok: false, reason: 'not-allowed' })

    const both = await Promise.all([
      approveRise(db, { orderId: order.id, manager, why: 'Photos show it boxed', offerDeadline: deadline(), emails }),
      approveRise(db, { orderId: order.id, manager, why: 'Photos show it boxed', offerDeadline: deadline(), emails }),
    ])
    // Two clicks at once: one approval, one e-mail, one event.
    expect(both.filter((result) => result.ok)).toHaveLength(1)
    expect(both.find((result) => !result.ok)).toEqual({ ok: false, reason: 'nothing-waiting' })
    expect(sent.filter((reference) => reference === order.reference)).toHaveLength(1)
    const offered = (await getOrder(db, { id: order.id }))!
    expect(offered.status).toBe('revised')
    expect(offered.items[0]).toMatchObject({
      revisedPricePence: FIVE_THOUSAND,
      revisedReason: 'Mint, boxed',
      proposedPricePence: null,
    })
    expect(offered.items[0]!.riseApprovedAt).toBeInstanceOf(Date)
    const approval = offered.events.filter((event) => event.action === 'approve-rise')
    expect(approval).toHaveLength(1)
    expect(approval[0]).toMatchObject({
      actor: 'manager',
      actorUserId: manager.id,
      actorName: 'Maya Manager',
      fromStatus: 'checked',
      toStatus: 'revised',
      reason: 'Photos show it boxed',
    })
    expect(offered.events.find((event) => event.action === 'propose-rise')).toMatchObject({
      actorUserId: staff.id,
      reason: 'Apple iPhone 13 128GB: £5,000.00 (Mint, boxed)',
    })

    await answerDevices(db, { orderId: order.id, answers: [{ itemId, answer: 'accept' }], actor: 'seller' })
    expect(await statusOf(order.id)).toBe('accepted')
    expect((await readyOrders(db)).map((ready) => ready.id)).toContain(order.id)
  })

  it('never lets a manager approve their own rise: another manager must', async () => {
    const order = await checkedOrder()
    expect(await ask(order.id, order.items[0]!.id, manager)).toEqual({ ok: true })
    expect(await approveRise(db, { orderId: order.id, manager, why: 'Mine', offerDeadline: deadline() })).toEqual({
      ok: false,
      reason: 'own-rise',
    })
    expect(await statusOf(order.id)).toBe('checked')
    const rise = (await waitingRises(db)).find((candidate) => candidate.reference === order.reference)
    expect(rise).toMatchObject({ byManager: true, askedBy: { id: manager.id, name: 'Maya Manager' } })
    expect((await riseCounts(db)).byManager).toBeGreaterThanOrEqual(1)

    const second = await addUser('Omar Other', 'manager')
    expect(
      await approveRise(db, {
        orderId: order.id,
        manager: second,
        why: 'Seen',
        offerDeadline: deadline(),
      }),
    ).toEqual({ ok: true })
    expect(await statusOf(order.id)).toBe('revised')
  })

  it('refuses once: the rise is forgotten, the order stays checked, and a new offer may be made', async () => {
    const order = await checkedOrder()
    await ask(order.id, order.items[0]!.id, staff)
    expect(await refuseRise(db, { orderId: order.id, manager, why: 'Photos show a crack' })).toEqual({ ok: true })
    expect(await refuseRise(db, { orderId: order.id, manager, why: 'again' })).toEqual({
      ok: false,
      reason: 'nothing-waiting',
    })
    const after = (await getOrder(db, { id: order.id }))!
    expect(after.status).toBe('checked')
    expect(after.items[0]).toMatchObject({ proposedPricePence: null, proposedReason: null, revisedPricePence: null })
    expect(after.events.filter((event) => event.action === 'refuse-rise')).toEqual([
      expect.objectContaining({ actorUserId: manager.id, reason: 'Photos show a crack' }),
    ])
    expect(await approveRise(db, { orderId: order.id, manager, why: 'late', offerDeadline: deadline() })).toEqual({
      ok: false,
      reason: 'nothing-waiting',
    })
    expect(await ask(order.id, order.items[0]!.id, staff)).toEqual({ ok: true })
  })

  it('lets another manager approve a rise offered before approvals existed, so that it may be paid', async () => {
    const order = await checkedOrder()
    await db
      .update(orderItem)
      .set({ revisedPricePence: 20_000, offerAnswer: 'accept' })
      .where(eq(orderItem.orderId, order.id))
    await db.update(sellerOrder).set({ status: 'accepted', totalPence: 20_000 }).where(eq(sellerOrder.id, order.id))
    expect((await readyOrders(db)).map((ready) => ready.id)).not.toContain(order.id)
    expect(
      await approveRise(db, { orderId: order.id, manager, why: 'Called the seller', offerDeadline: deadline() }),
    ).toEqual({
      ok: true,
    })
    expect(await statusOf(order.id)).toBe('accepted')
    expect((await readyOrders(db)).map((ready) => ready.id)).toContain(order.id)
  })
})
