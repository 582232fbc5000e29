import { eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { addDays, type Timings } from '@/orders/record/lifecycle'
import { getOrder, placeOrder } from '@/orders/record/store'
import { moveOrder } from '@/orders/moves/move-store'
import { emailOutbox } from '@/db/schema'
import { applyTimers } from '@/orders/moves/timers'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'
import { seedCheckoutWords } from '../../support/seed-email-loaders'

let db: Db
withFileDatabase((opened) => (db = opened))

// Signed links in the e-mails need the site's secret.
process.env.BETTER_AUTH_SECRET ??= 'order-timers-test-secret-0123456789abcdef'

const context = {
  timings: { revisedOfferDays: 14, reminderDaysBefore: 3, quarantineDays: 28, lapsedOffer: 'accept' } as Timings,
  mail: {
    // The seed's own words, with its site facts written in: what a new dataset sends.
    copy: seedWithFacts('emailCopy') as EmailCopy,
    origin: 'https://shop.example',
    reviewUrl: 'https://reviews.example/handback',
    checkout: seedCheckoutWords(),
  },
}
const DAY = 24 * 3600 * 1000

async function placed(holdUntil = new Date(Date.now() + 14 * DAY)) {
  const result = await placeOrder(db, sampleOrder({ holdUntil, emails: () => [] }))
  if (result.kind !== 'placed') throw new Error('not placed')
  return result.id
}

/** An order staff have received, checked and revised to £80, with the offer open until `deadline`. */
async function revised(deadline: Date) {
  const id = await placed()
  const order = (await getOrder(db, { id }))!
  for (const [move, from] of [
    ['receive', 'placed'],
    ['check', 'received'],
  ] as const) {
    await moveOrder(db, { orderId: id, move, actor: 'staff', expectedStatus: from })
  }
  await moveOrder(db, {
    orderId: id,
    move: 'revise',
    actor: 'staff',
    expectedStatus: 'checked',
    set: { offerDeadline: deadline },
    items: [{ id: order.items[0]!.id, set: { revisedPricePence: 8_000, revisedReason: 'A deep scratch' } }],
  })
  return id
}

const mailsOf = async (orderId: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).map((row) => row.kind)

describe('the clock’s moves, as the server applies them', () => {
  it('expires an order whose price hold has ended, once, and tells the seller', async () => {
    const id = await placed(new Date(Date.now() - 1000))
    await expect(applyTimers(db, id, context)).resolves.toBe(true)
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('expired')
    expect(order.events.at(-1)).toMatchObject({ actor: 'system', action: 'expire', reason: 'price-hold-ended' })
    expect(await mailsOf(id)).toEqual(['expired'])
    // Nothing more is owed: a second pass changes nothing.
    await expect(applyTimers(db, id, context)).resolves.toBe(false)
  })

  it('leaves an order alone while its price is held', async () => {
    const id = await placed()
    await expect(applyTimers(db, id, context)).resolves.toBe(false)
    expect((await getOrder(db, { id }))!.status).toBe('placed')
  })

  it('reminds once, three days before a revised offer’s deadline', async () => {
    const id = await revised(new Date(Date.now() + 2 * DAY))
    await expect(applyTimers(db, id, context)).resolves.toBe(true)
    await expect(applyTimers(db, id, context)).resolves.toBe(false)
    expect(await mailsOf(id)).toEqual(['revisedOfferReminder'])
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('revised')
    expect(order.offerRemindedAt).not.toBeNull()
  })

  it('accepts an unanswered offer at its deadline, at the revised price', async () => {
    const id = await revised(new Date(Date.now() - 1000))
    await applyTimers(db, id, context)
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('accepted')
    expect(order.totalPence).toBe(8_000)
    expect(order.events.at(-1)).toMatchObject({ actor: 'system', action: 'accept', reason: 'offer-deadline-passed' })
  })

  it('declines it instead when the CMS says an unanswered offer is returned', async () => {
    const id = await revised(new Date(Date.now() - 1000))
    await applyTimers(db, id, { ...context, timings: { ...context.timings, lapsedOffer: 'return' } })
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('returning')
    expect(order.totalPence).toBe(16_000)
  })

  it('closes a quarantine after its days, counted from when it began', async () => {
    const id = await placed()
    await moveOrder(db, { orderId: id, move: 'receive', actor: 'staff', expectedStatus: 'placed' })
    await moveOrder(db, {
      orderId: id,
      move: 'quarantine',
      actor: 'staff',
      expectedStatus: 'received',
      reason: 'CheckMEND',
    })
    await expect(applyTimers(db, id, context, addDays(new Date(), 27))).resolves.toBe(false)
    await expect(applyTimers(db, id, context, addDays(new Date(), 28.01))).resolves.toBe(true)
    expect((await getOrder(db, { id }))!.status).toBe('closed')
  })
})
