import { asc, eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, user } from '@/db/schema'
import { moveOrder } from '@/orders/moves/move-store'
import { answerDevices, returnDeclinedDevices } from '@/orders/moves/device-answers'
import { orderMail } from '@/orders/record/mail'
import { getOrder, placeOrder, type OrderRecord } from '@/orders/record/store'
import { sampleOrder, SAMPLE_TABLET } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'
import { seedCheckoutWords } from '../../support/seed-email-loaders'

let db: Db
withFileDatabase((opened) => (db = opened))
// Signed links in the e-mails need the site's secret.
process.env.BETTER_AUTH_SECRET ??= 'declined-returns-test-secret-0123456789abcdef'

const MAIL = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}

const TABLET = SAMPLE_TABLET

async function manager(): Promise<string> {
  const id = `manager-${Math.random().toString(36).slice(2)}`
  await db.insert(user).values({ id, name: 'Morgan Manager', email: `${id}@example.com`, role: 'manager' })
  return id
}

/** A phone and a tablet, both revised: the seller declines the phone and accepts the tablet. */
async function accepted() {
  const base = sampleOrder({ emails: () => [] })
  const placed = await placeOrder(db, { ...base, items: [...base.items, TABLET] })
  if (placed.kind !== 'placed') throw new Error('not placed')
  const id = placed.id
  await moveOrder(db, { orderId: id, move: 'receive', actor: 'staff', expectedStatus: 'placed' })
  await moveOrder(db, { orderId: id, move: 'check', actor: 'staff', expectedStatus: 'received' })
  const [phone, tablet] = (await getOrder(db, { id }))!.items as [OrderRecord['items'][0], OrderRecord['items'][0]]
  await moveOrder(db, {
    orderId: id,
    move: 'revise',
    actor: 'staff',
    expectedStatus: 'checked',
    items: [
      { id: phone.id, set: { revisedPricePence: 8_000, revisedReason: 'Cracked back glass' } },
      { id: tablet.id, set: { revisedPricePence: 9_000, revisedReason: 'Scratched screen' } },
    ],
  })
  const answered = await answerDevices(db, {
    orderId: id,
    actor: 'seller',
    answers: [
      { itemId: phone.id, answer: 'decline' },
      { itemId: tablet.id, answer: 'accept' },
    ],
  })
  expect(answered).toEqual({ ok: true, answered: 2, moved: 'accepted' })
  return { id, phone: phone.id, tablet: tablet.id }
}

const postBack = (orderId: string, actorUserId: string, tracking = 'AB123456789GB') =>
  returnDeclinedDevices(db, {
    orderId,
    actor: 'manager',
    actorUserId,
    tracking,
    emails: (order) => orderMail('returned', { ...order, returnTracking: tracking }, MAIL),
  })

const outboxFor = (orderId: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.createdAt))

describe('posting back the devices declined in an order otherwise accepted', () => {
  it('records the tracking on the declined device only, once, with one event and one e-mail', async () => {
    const { id, phone, tablet } = await accepted()
    const staff = await manager()
    await moveOrder(db, { orderId: id, move: 'pay', actor: 'manager', actorUserId: staff, expectedStatus: 'accepted' })
    const before = (await getOrder(db, { id }))!
    expect(before.status).toBe('paid')

    expect(await postBack(id, staff)).toEqual({ ok: true, returned: 1 })

    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('paid')
    // The order's own tracking is for a whole order sent back: untouched.
    expect(order.returnTracking).toBeNull()
    const byId = new Map(order.items.map((item) => [item.id, item]))
    expect(byId.get(phone)!.returnTracking).toBe('AB123456789GB')
    expect(byId.get(phone)!.returnedAt).toBeInstanceOf(Date)
    expect(byId.get(tablet)!.returnTracking).toBeNull()
    expect(byId.get(tablet)!.returnedAt).toBeNull()
    const events = order.events.filter((event) => event.action === 'return-declined')
    expect(
      events.map((event) => [
        event.actor,
        event.actorUserId,
        event.actorName,
        event.fromStatus,
        event.toStatus,
        event.reason,
      ]),
    ).toEqual([['manager', staff, 'Morgan Manager', 'paid', 'paid', null]])
    const mails = (await outboxFor(id)).filter((row) => row.kind === 'returned')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.toAddress).toBe(order.email)
    expect(mails[0]!.textBody).toContain('The tracking number is AB123456789GB.')

    // A double click, or another tab with another number: nothing changes twice.
    expect(await postBack(id, staff, 'ZZ999999999GB')).toEqual({ ok: false, reason: 'none-to-return' })
    const after = (await getOrder(db, { id }))!
    expect(after.items.find((item) => item.id === phone)!.returnTracking).toBe('AB123456789GB')
    expect(after.items.find((item) => item.id === phone)!.returnedAt).toEqual(byId.get(phone)!.returnedAt)
    expect(after.events).toHaveLength(order.events.length)
    expect((await outboxFor(id)).filter((row) => row.kind === 'returned')).toHaveLength(1)
  })

  it('posts back from an accepted order, before it is paid; two clicks at once record it once', async () => {
    const { id } = await accepted()
    const staff = await manager()
    const both = await Promise.all([postBack(id, staff), postBack(id, staff)])
    expect(both.map((result) => result.ok).sort()).toEqual([false, true])
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('accepted')
    expect(order.events.filter((event) => event.action === 'return-declined')).toHaveLength(1)
    expect((await outboxFor(id)).filter((row) => row.kind === 'returned')).toHaveLength(1)
  })

  it('refuses an order anywhere else in its life, and one with nothing declined', async () => {
    const staff = await manager()
    const base = sampleOrder({ emails: () => [] })
    const placed = await placeOrder(db, base)
    if (placed.kind !== 'placed') throw new Error('not placed')
    expect(await postBack(placed.id, staff)).toEqual({ ok: false, reason: 'wrong-status', status: 'placed' })
    expect((await getOrder(db, { id: placed.id }))!.events.map((event) => event.action)).toEqual(['place'])
    expect(await outboxFor(placed.id)).toHaveLength(0)

    // Paid as checked, nothing revised: nothing to post back.
    const whole = await placeOrder(db, sampleOrder({ emails: () => [] }))
    if (whole.kind !== 'placed') throw new Error('not placed')
    await moveOrder(db, { orderId: whole.id, move: 'receive', actor: 'staff', expectedStatus: 'placed' })
    await moveOrder(db, { orderId: whole.id, move: 'check', actor: 'staff', expectedStatus: 'received' })
    await moveOrder(db, {
      orderId: whole.id,
      move: 'pay',
      actor: 'manager',
      actorUserId: staff,
      expectedStatus: 'checked',
    })
    expect((await getOrder(db, { id: whole.id }))!.status).toBe('paid')
    expect(await postBack(whole.id, staff)).toEqual({ ok: false, reason: 'none-to-return' })
    expect((await getOrder(db, { id: whole.id }))!.events.map((event) => event.action)).not.toContain('return-declined')
    expect(await postBack('not-a-uuid', staff)).toEqual({ ok: false, reason: 'not-found' })
  })
})
