import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { EmailCopy, OrderCopy, PricedModel } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, sellerOrder, user } from '@/db/schema'
import { addDays, type Timings } from '@/orders/record/lifecycle'
import { getOrder, placeOrder } from '@/orders/record/store'
import { orderMail } from '@/orders/record/mail'
import type { MoveRequest } from '@/orders/moves/move-store'
import { answerDevices } from '@/orders/moves/device-answers'
import { checkParcel, receiveParcel } from '@/orders/moves/late-parcels'
import { LATE_EVENTS } from '@/orders/moves/late-values'
import { RISE_EVENTS } from '@/orders/moves/rise-events'
import { approveRise } from '@/orders/moves/rise-store'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { seedCheckoutWords } from '../../support/seed-email-loaders'
import { withFileDatabase } from '../../support/test-database'

/**
 * A parcel received after its price hold ended is valued at today's published price for what was
 * ordered, in the receive's transaction with its event; the check that finds the grade chosen
 * offers a lower price through the revised-offer flow (deadline, one e-mail). On time, the quote
 * stands; a repeat receive, or two at once, changes nothing twice. Run on PGlite and PostgreSQL.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

process.env.BETTER_AUTH_SECRET ??= 'late-parcels-test-secret-0123456789abcdef'

const DAY = 24 * 3600 * 1000
const QUOTE = 16_000
const timings: Timings = { revisedOfferDays: 14, reminderDaysBefore: 3, quarantineDays: 28, lapsedOffer: 'accept' }
const mail = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const lateWords = (seedWithFacts('orderCopy') as OrderCopy).lateParcels

/** The catalogue today: the iPhone 13 128GB the sample order sold, at `good` pence in Good. */
const catalogue = (good: number) =>
  [
    {
      _id: 'model-iphone-13',
      variants: [
        {
          key: '128gb',
          prices: [
            { grade: 'excellent', pence: good + 1_600 },
            { grade: 'good', pence: good },
            { grade: 'fair', pence: good - 2_600 },
          ],
        },
      ],
    },
  ] as unknown as PricedModel[]

let staffId: string
beforeAll(async () => {
  staffId = randomUUID()
  await db.insert(user).values({
    id: staffId,
    name: 'Gus Goodsin',
    email: `${staffId}@example.com`,
    role: 'staff',
  } as typeof user.$inferInsert)
})

/** An order quoted at £160, its price held until `holdUntil`. */
async function placed(holdUntil: Date) {
  const result = await placeOrder(db, sampleOrder({ holdUntil, emails: () => [] }))
  if (result.kind !== 'placed') throw new Error(result.kind)
  return (await getOrder(db, { id: result.id }))!
}

const receiveRequest = (orderId: string, expectedStatus = 'placed'): MoveRequest => ({
  orderId,
  move: 'receive',
  actor: 'staff',
  actorUserId: staffId,
  expectedStatus,
})

async function receive(orderId: string, models: PricedModel[], expectedStatus = 'placed') {
  const order = (await getOrder(db, { id: orderId }))!
  return receiveParcel(db, receiveRequest(orderId, expectedStatus), order, models)
}

/** Staff's check, finding `grade`, and the late offer it may make. */
async function check(orderId: string, grade = 'good', approvalAbovePence = 0) {
  const order = (await getOrder(db, { id: orderId }))!
  return checkParcel(
    db,
    {
      orderId,
      move: 'check',
      actor: 'staff',
      actorUserId: staffId,
      expectedStatus: 'received',
      items: order.items.map((item) => ({
        id: item.id,
        set: { foundGradeKey: grade, foundGradeName: grade, imei: '356938035643809', registerResult: 'pass' },
      })),
    },
    {
      reason: lateWords.revisedReason,
      approvalAbovePence,
      deadline: addDays(new Date(), timings.revisedOfferDays),
      emails: (current) => orderMail('revisedOffer', current, mail),
    },
  )
}

const mailsOf = async (orderId: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).map((row) => row.kind)

describe('a parcel that arrives after its price hold ended', () => {
  it('is valued at today’s published price for what was ordered, in the receive, with who, when and why', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    const before = Date.now()
    await expect(receive(id, catalogue(11_400), 'placed')).resolves.toMatchObject({ ok: true, to: 'received' })
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('received')
    expect(order.items[0]).toMatchObject({ pricePence: QUOTE, latePricePence: 11_400, revisedPricePence: null })
    const revalued = order.events.filter((event) => event.action === LATE_EVENTS.revalue)
    expect(revalued).toHaveLength(1)
    expect(revalued[0]).toMatchObject({
      actor: 'staff',
      actorUserId: staffId,
      actorName: 'Gus Goodsin',
      fromStatus: 'received',
      toStatus: 'received',
      reason: 'Apple iPhone 13 128GB: £160 → £114',
    })
    expect(revalued[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('is offered at that price once the check finds the grade chosen: a deadline, one e-mail, the content’s reason', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    await receive(id, catalogue(11_400))
    await expect(check(id)).resolves.toMatchObject({ ok: true, to: 'revised' })
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('revised')
    expect(order.items[0]).toMatchObject({
      revisedPricePence: 11_400,
      revisedReason: lateWords.revisedReason,
      offerAnswer: null,
      riseApprovedAt: null,
    })
    const deadline = order.offerDeadline!.getTime() - Date.now()
    expect(deadline).toBeGreaterThan(13.9 * DAY)
    expect(deadline).toBeLessThanOrEqual(14 * DAY)
    expect(order.events.map((event) => event.action)).toEqual([
      'place',
      'receive',
      LATE_EVENTS.revalue,
      'check',
      LATE_EVENTS.offer,
    ])
    expect(order.events.at(-1)).toMatchObject({
      actor: 'staff',
      actorUserId: staffId,
      fromStatus: 'checked',
      toStatus: 'revised',
    })
    expect((await mailsOf(id)).filter((kind) => kind === 'revisedOffer')).toHaveLength(1)
    const [offer] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id))
    expect(offer!.textBody).toContain(lateWords.revisedReason)
    expect(offer!.textBody).toContain('£160, now £114')

    // The seller confirms: the order is accepted at today's price, ready to pay.
    const answered = await answerDevices(db, {
      orderId: id,
      answers: [{ itemId: order.items[0]!.id, answer: 'accept' }],
      actor: 'seller',
    })
    expect(answered).toMatchObject({ ok: true, moved: 'accepted' })
    expect((await getOrder(db, { id }))!.totalPence).toBe(11_400)
  })

  it('keeps the quote when today’s price is the same: nothing to confirm, no e-mail', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    await receive(id, catalogue(QUOTE))
    await expect(check(id)).resolves.toMatchObject({ ok: true, to: 'checked' })
    const order = (await getOrder(db, { id }))!
    expect(order.items[0]).toMatchObject({ latePricePence: QUOTE, revisedPricePence: null, proposedPricePence: null })
    expect(order.totalPence).toBe(QUOTE)
    expect(await mailsOf(id)).toEqual([])
  })

  it('never offers a higher price today without the approval a rise needs: proposed for a manager, nothing sent', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    await receive(id, catalogue(QUOTE + 2_000))
    // The seed's threshold is 0: every rise waits for a manager.
    await expect(check(id)).resolves.toMatchObject({ ok: true, to: 'checked' })
    const order = (await getOrder(db, { id }))!
    expect(order.items[0]).toMatchObject({
      revisedPricePence: null,
      proposedPricePence: QUOTE + 2_000,
      proposedReason: lateWords.revisedReason,
    })
    expect(order.events.at(-1)).toMatchObject({ action: RISE_EVENTS.propose, actorUserId: staffId })
    expect(await mailsOf(id)).toEqual([])
    // Another member of staff, a manager, approves: the seller is asked to confirm the higher price.
    const managerId = randomUUID()
    await db.insert(user).values({
      id: managerId,
      name: 'Mo Manager',
      email: `${managerId}@example.com`,
      role: 'manager',
    } as typeof user.$inferInsert)
    const approved = await approveRise(db, {
      orderId: id,
      manager: { id: managerId, role: 'manager' },
      why: 'Late, and worth more today',
      offerDeadline: addDays(new Date(), 14),
      emails: (current) => orderMail('revisedOffer', current, mail),
    })
    expect(approved).toEqual({ ok: true })
    const offered = (await getOrder(db, { id }))!
    expect(offered.status).toBe('revised')
    expect(offered.items[0]).toMatchObject({ revisedPricePence: QUOTE + 2_000, riseApprovedAt: expect.any(Date) })
    expect(await mailsOf(id)).toEqual(['revisedOffer'])
  })

  it('offers a rise within the editors’ threshold at once, allowed by the offer itself', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    await receive(id, catalogue(QUOTE + 500))
    await expect(check(id, 'good', 500)).resolves.toMatchObject({ ok: true, to: 'revised' })
    const order = (await getOrder(db, { id }))!
    expect(order.items[0]).toMatchObject({ revisedPricePence: QUOTE + 500, riseApprovedAt: expect.any(Date) })
    expect(await mailsOf(id)).toEqual(['revisedOffer'])
  })

  it('leaves a device found in another grade to staff: the check makes no offer of the grade chosen’s price', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    await receive(id, catalogue(11_400))
    await expect(check(id, 'fair')).resolves.toMatchObject({ ok: true, to: 'checked' })
    expect((await getOrder(db, { id }))!.items[0]!.revisedPricePence).toBeNull()
  })

  it('changes nothing on a repeat receive, or on two receives at once (a double scan)', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    await receive(id, catalogue(11_400))
    const again = await receive(id, catalogue(9_000), 'placed')
    expect(again).toMatchObject({ ok: false, reason: 'moved', status: 'received' })
    const order = (await getOrder(db, { id }))!
    expect(order.items[0]!.latePricePence).toBe(11_400)
    expect(order.events.filter((event) => event.action === LATE_EVENTS.revalue)).toHaveLength(1)

    const { id: twice } = await placed(new Date(Date.now() - DAY))
    const results = await Promise.all([receive(twice, catalogue(11_400)), receive(twice, catalogue(11_400))])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    const events = (await getOrder(db, { id: twice }))!.events.map((event) => event.action)
    expect(events).toEqual(['place', 'receive', LATE_EVENTS.revalue])
  })

  it('expired by the clock first, is still received and valued the same way', async () => {
    const { id } = await placed(new Date(Date.now() - DAY))
    await db.update(sellerOrder).set({ status: 'expired' }).where(eq(sellerOrder.id, id))
    await expect(receive(id, catalogue(11_400), 'expired')).resolves.toMatchObject({ ok: true, to: 'received' })
    expect((await getOrder(db, { id }))!.items[0]!.latePricePence).toBe(11_400)
  })
})

describe('a parcel that arrives in time', () => {
  it('keeps the price quoted: no valuation, no event, and the check makes no offer', async () => {
    const { id } = await placed(new Date(Date.now() + DAY))
    await receive(id, catalogue(11_400))
    await expect(check(id)).resolves.toMatchObject({ ok: true, to: 'checked' })
    const order = (await getOrder(db, { id }))!
    expect(order.items[0]).toMatchObject({ latePricePence: null, revisedPricePence: null, pricePence: QUOTE })
    expect(order.events.map((event) => event.action)).toEqual(['place', 'receive', 'check'])
    expect(await mailsOf(id)).toEqual([])
  })
})
