import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderItem, user } from '@/db/schema'
import { lostInCare } from '@/orders/moves/lost-in-care'
import { moveOrder } from '@/orders/moves/move-store'
import { readyOrders } from '@/orders/payment-runs/payment-runs'
import { orderMail } from '@/orders/record/mail'
import { getOrder, placeOrder } from '@/orders/record/store'
import { payBlock } from '@/register/checks'
import { SAMPLE_TABLET, sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'
import { seedCheckoutWords } from '../../support/seed-email-loaders'

/**
 * The terms: "If it is lost or damaged in our care, we will pay you the price we offered for it."
 * A manager records it on an order we hold after its check; the order is owed the price the seller
 * agreed (a revised price they accepted, else their quote), with its event and e-mail in the same
 * transaction, and is paid from then on like any other. On PGlite and on a PostgreSQL server.
 */
let db: Db
withFileDatabase((opened) => {
  db = opened
})

process.env.BETTER_AUTH_SECRET ??= 'lost-in-care-test-secret-0123456789abcdef'
const mail = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const IMEIS = ['490154203237518', '356938035643809']

let manager: { id: string; name: string }
beforeAll(async () => {
  manager = { id: randomUUID(), name: 'Maya Manager' }
  await db
    .insert(user)
    .values({ ...manager, email: `${manager.id}@example.com`, role: 'manager' } as typeof user.$inferInsert)
})

/** A phone (£160) and a tablet (£100), received and checked, each passed by the register. */
async function checkedOrder() {
  const placed = await placeOrder(db, sampleOrder({ items: [sampleOrder().items[0]!, SAMPLE_TABLET] }))
  if (placed.kind !== 'placed') throw new Error('not placed')
  const order = (await getOrder(db, { id: placed.id }))!
  await moveOrder(db, { orderId: order.id, move: 'receive', actor: 'staff', expectedStatus: 'placed' })
  await moveOrder(db, {
    orderId: order.id,
    move: 'check',
    actor: 'staff',
    expectedStatus: 'received',
    items: order.items.map((item, index) => ({
      id: item.id,
      set: {
        foundGradeKey: 'good',
        foundGradeName: 'Good',
        imei: IMEIS[index]!,
        registerResult: 'pass',
        registerCertificate: `SR${index}`,
        registerCheckedAt: new Date(Date.now() - 1000),
      },
    })),
  })
  return order.id
}

/** Both devices offered less (£120 and £60), as staff revise after the check. */
async function revisedOrder() {
  const id = await checkedOrder()
  const order = (await getOrder(db, { id }))!
  const lower = [12_000, 6_000]
  await moveOrder(db, {
    orderId: id,
    move: 'revise',
    actor: 'staff',
    expectedStatus: 'checked',
    items: order.items.map((item, index) => ({
      id: item.id,
      set: { revisedPricePence: lower[index]!, revisedReason: 'Scratched screen' },
    })),
    set: { offerDeadline: new Date(Date.now() + 7 * 86_400_000) },
  })
  return id
}

const answer = (itemId: string, offerAnswer: 'accept' | 'decline') =>
  db.update(orderItem).set({ offerAnswer, offerAnsweredAt: new Date() }).where(eq(orderItem.id, itemId))

/** The manager's move, as the order page's form makes it: the rule read from the order as the page showed it. */
async function recordLost(id: string, reason = 'Dropped at the bench: the screen cracked') {
  const order = (await getOrder(db, { id }))!
  const paidFor = lostInCare(order.items)
  return moveOrder(db, {
    orderId: id,
    move: 'loseInCare',
    actor: 'manager',
    actorUserId: manager.id,
    expectedStatus: order.status,
    reason,
    items: paidFor.items,
    set: { totalPence: paidFor.totalPence },
    guard: paidFor.guard,
    emails: (current) => orderMail('lostInCare', current, mail),
  })
}

const mailsOf = async (orderId: string) =>
  db
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'lostInCare')))

describe('a device lost or damaged in our care', () => {
  it('is paid at the price the seller agreed: their quote, whatever lower offer they had not accepted', async () => {
    const id = await revisedOrder()
    const order = (await getOrder(db, { id }))!
    // The seller declined the tablet's lower price: it was on its way back when we lost the parcel.
    await answer(order.items[1]!.id, 'decline')
    expect(await recordLost(id)).toEqual({ ok: true, from: 'revised', to: 'accepted' })

    const after = (await getOrder(db, { id }))!
    expect(after.status).toBe('accepted')
    expect(after.totalPence).toBe(16_000 + 10_000)
    expect(after.items.map((item) => [item.revisedPricePence, item.offerAnswer])).toEqual([
      [null, null],
      [null, null],
    ])
    // Owed from now on, like any order: the register passed both at the check, so a payment run takes it.
    expect(payBlock(after.items, new Date())).toBeNull()
    expect((await readyOrders(db)).map((ready) => ready.id)).toContain(id)

    const [event] = await db
      .select()
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, id), eq(orderEvent.action, 'loseInCare')))
    expect(event).toMatchObject({
      actor: 'manager',
      actorName: 'Maya Manager',
      fromStatus: 'revised',
      toStatus: 'accepted',
      reason: 'Dropped at the bench: the screen cracked',
    })
    const [sent, ...more] = await mailsOf(id)
    expect(more).toEqual([])
    expect(sent!.subject).toBe(`We are sorry: a device from order ${after.reference} was lost or damaged with us`)
    expect(sent!.text).toContain('we pay you the price you agreed for it: £260, to the account ending 5678.')
  })

  it('keeps a revised price the seller accepted, and pays nothing for a device already posted back', async () => {
    const id = await revisedOrder()
    const order = (await getOrder(db, { id }))!
    await answer(order.items[0]!.id, 'accept')
    await answer(order.items[1]!.id, 'decline')
    await db.update(orderItem).set({ returnedAt: new Date() }).where(eq(orderItem.id, order.items[1]!.id))
    expect(await recordLost(id)).toMatchObject({ ok: true, to: 'accepted' })
    const after = (await getOrder(db, { id }))!
    expect(after.totalPence).toBe(12_000)
    expect(after.items.map((item) => [item.revisedPricePence, item.offerAnswer])).toEqual([
      [12_000, 'accept'],
      [6_000, 'decline'],
    ])
  })

  it('is refused when the seller accepted a lower price after the page was read, and changes nothing', async () => {
    const id = await revisedOrder()
    const order = (await getOrder(db, { id }))!
    const paidFor = lostInCare(order.items)
    // The seller accepts the phone's £120 between the manager's page and their click.
    await answer(order.items[0]!.id, 'accept')
    const result = await moveOrder(db, {
      orderId: id,
      move: 'loseInCare',
      actor: 'manager',
      actorUserId: manager.id,
      expectedStatus: 'revised',
      reason: 'Lost in the post room',
      items: paidFor.items,
      set: { totalPence: paidFor.totalPence },
      guard: paidFor.guard,
      emails: (current) => orderMail('lostInCare', current, mail),
    })
    expect(result).toEqual({ ok: false, reason: 'guard-refused' })
    const after = (await getOrder(db, { id }))!
    expect(after.status).toBe('revised')
    expect(after.items[0]).toMatchObject({ revisedPricePence: 12_000, offerAnswer: 'accept' })
    expect(await mailsOf(id)).toEqual([])
  })

  it('is a manager’s to record, once: staff are refused, and a second click changes nothing twice', async () => {
    const id = await checkedOrder()
    expect(
      await moveOrder(db, {
        orderId: id,
        move: 'loseInCare',
        actor: 'staff',
        expectedStatus: 'checked',
        reason: 'Lost',
      }),
    ).toEqual({ ok: false, reason: 'not-allowed' })
    expect(await recordLost(id)).toMatchObject({ ok: true, from: 'checked', to: 'accepted' })
    const second = await moveOrder(db, {
      orderId: id,
      move: 'loseInCare',
      actor: 'manager',
      actorUserId: manager.id,
      expectedStatus: 'checked',
      reason: 'Lost',
    })
    expect(second).toEqual({ ok: false, reason: 'moved', status: 'accepted' })
    expect(await mailsOf(id)).toHaveLength(1)
    expect((await getOrder(db, { id }))!.totalPence).toBe(26_000)
  })

  it('is not offered before the check: a device with no register answer is never paid', async () => {
    const placed = await placeOrder(db, sampleOrder())
    if (placed.kind !== 'placed') throw new Error('not placed')
    await moveOrder(db, { orderId: placed.id, move: 'receive', actor: 'staff', expectedStatus: 'placed' })
    expect(await recordLost(placed.id)).toEqual({ ok: false, reason: 'wrong-status', status: 'received' })
  })
})
