import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { EmailCopy, OrderCopy, PricedModel } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, user } from '@/db/schema'
import { fillTemplate } from '@/lib/templates'
import { addDays } from '@/orders/record/lifecycle'
import { getOrder, placeOrder, type OrderRecord } from '@/orders/record/store'
import { orderMail } from '@/orders/record/mail'
import { parseAdminAction } from '@/orders/moves/admin-input'
import { answerField } from '@/orders/moves/checklist'
import { checkRequest, lockedByCheck } from '@/orders/moves/check-request'
import { holdForLock } from '@/orders/lock-hold/lock-hold'
import { noOpenLockHold } from '@/orders/lock-hold/lock-guard'
import { LOCK_EVENTS } from '@/orders/lock-hold/lock-names'
import { NO_CLOSED_DAYS } from '@/orders/record/working-days'
import { returnDeclinedDevices } from '@/orders/moves/device-answers'
import { checkParcel } from '@/orders/moves/late-parcels'
import { moveOrder } from '@/orders/moves/move-store'
import { withChecklists, withPublishedPrices } from '@/orders/moves/published-prices'
import { RISE_EVENTS } from '@/orders/moves/rise-events'
import { checkMails } from '@/orders/moves/register-checks'
import { sampleOrder } from '../../support/order-fixtures'
import { seedChecklists } from '../../support/seed-content'
import { seedWithFacts } from '../../support/seed-facts'
import { seedCheckoutWords } from '../../support/seed-email-loaders'
import { withFileDatabase } from '../../support/test-database'

/**
 * The check answered from the seeded checklist, as staff post it: the grade found is the lowest any
 * answer allows, its published price is offered where it differs from the quote (a rise proposed
 * for a manager), a different price needs a reason, a refused device is declined and posted back,
 * and a forged answer is a problem in the content's terms, never a throw. Run on PGlite and PostgreSQL.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

process.env.BETTER_AUTH_SECRET ??= 'device-check-test-secret-0123456789abcdef'

const QUOTE = 16_000
const mail = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const orderCopy = seedWithFacts('orderCopy') as OrderCopy
const { lists, grades } = seedChecklists()
const GRADE_NAMES = new Map(grades.map((key) => [key, key[0]!.toUpperCase() + key.slice(1)]))
/** The catalogue: the iPhone 13 128GB the sample order sold, £160 in Good. */
const models = [
  {
    _id: 'model-iphone-13',
    category: 'phone',
    variants: [
      {
        key: '128gb',
        prices: [
          { grade: 'excellent', pence: 18_000 },
          { grade: 'good', pence: QUOTE },
          { grade: 'fair', pence: 11_000 },
          { grade: 'faulty', pence: 4_000 },
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
    name: 'Cat Checker',
    email: `${staffId}@example.com`,
    role: 'staff',
  } as typeof user.$inferInsert)
})

/** A received order of `count` iPhones, each quoted at £160 in Good. */
async function received(count = 1) {
  const [item] = sampleOrder().items
  const result = await placeOrder(
    db,
    sampleOrder({ items: Array.from({ length: count }, () => item!), emails: () => [] }),
  )
  if (result.kind !== 'placed') throw new Error(result.kind)
  const moved = await moveOrder(db, {
    orderId: result.id,
    move: 'receive',
    actor: 'staff',
    actorUserId: staffId,
    expectedStatus: 'placed',
  })
  if (!moved.ok) throw new Error(JSON.stringify(moved))
  return (await getOrder(db, { id: result.id }))!
}

type Order = Awaited<ReturnType<typeof received>>
const checklist = lists.find((list) => list.category === 'phone')!.questions
/** The form a member of staff posts: every question's best answer for each device, then `fields`. */
const form = (order: Order, fields: Record<string, string> = {}) => ({
  action: 'check',
  ...Object.fromEntries(
    order.items.flatMap((item) => [
      ...checklist.map((q) => [answerField(item.id, q.key), q.answers[0]!.key]),
      [`imei-${item.id}`, '356938035643809'],
    ]),
  ),
  // The Good the seller chose: light scratches.
  ...Object.fromEntries(order.items.map((item) => [answerField(item.id, 'screen'), 'light'])),
  ...fields,
})

/**
 * The check as staff-form.ts and actions.ts make it: parsed with the checklists, then written in one
 * transaction; with `mails`, the check's own e-mails as actions.ts queues them.
 */
async function check(order: Order, fields: Record<string, string> = {}, mails = false) {
  const gradeKeys = grades
  const parsed = parseAdminAction(
    form(order, fields),
    withChecklists(withPublishedPrices(order.items, models), models, lists, gradeKeys),
    gradeKeys,
  )
  if (!parsed.ok) return { problems: parsed.errors }
  if (parsed.value.move !== 'check') throw new Error(parsed.value.move)
  const { found, ...written } = checkRequest(order.items, parsed.value.items, GRADE_NAMES, orderCopy.checklist)
  const result = await checkParcel(
    db,
    {
      orderId: order.id,
      move: 'check',
      actor: 'staff',
      actorUserId: staffId,
      expectedStatus: 'received',
      guard: noOpenLockHold,
      ...written,
      items: written.items.map((item) => ({ ...item, set: { ...item.set, registerResult: 'pass' } })),
      ...(mails ? { emails: (current: OrderRecord) => checkMails(current, mail) } : {}),
    },
    {
      reason: orderCopy.lateParcels.revisedReason,
      approvalAbovePence: orderCopy.rises.approvalAbovePence,
      deadline: addDays(new Date(), 14),
      emails: (current) => orderMail('revisedOffer', current, mail),
    },
    found,
  )
  return { result, order: (await getOrder(db, { id: order.id }))! }
}

/** A check that went through: what it answered and the order after it. */
async function done(order: Order, fields: Record<string, string> = {}, mails = false) {
  const answered = await check(order, fields, mails)
  if (!answered.order || !answered.result) throw new Error(JSON.stringify(answered.problems))
  return { result: answered.result, order: answered.order }
}

const mailsOf = async (orderId: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).map((row) => row.kind)

describe('the check answered from the checklist', () => {
  it('keeps the quote when the grade found is the one chosen, recording every answer and who checked it in which grade', async () => {
    const { result, order } = await done(await received())
    expect(result).toMatchObject({ ok: true, to: 'checked' })
    expect(order.items[0]).toMatchObject({ foundGradeKey: 'good', revisedPricePence: null, proposedPricePence: null })
    expect(order.items[0]!.checkAnswers).toHaveLength(checklist.length)
    expect(order.items[0]!.checkAnswers).toContainEqual({
      question: 'screen',
      questionText: checklist.find((q) => q.key === 'screen')!.question,
      answer: 'light',
      answerText: checklist.find((q) => q.key === 'screen')!.answers.find((a) => a.key === 'light')!.label,
      effect: 'cap',
    })
    expect(order.totalPence).toBe(QUOTE)
    expect(order.events.at(-1)).toMatchObject({
      action: 'check',
      actor: 'staff',
      actorUserId: staffId,
      actorName: 'Cat Checker',
      reason: 'Apple iPhone 13 128GB: Good',
    })
    expect(await mailsOf(order.id)).toEqual([])
  })

  it('offers the published price for the lowest grade any answer allows, with the content’s reason and one e-mail', async () => {
    const before = await received()
    const { result, order } = await done(before, {
      [answerField(before.items[0]!.id, 'screen')]: 'cracked',
    })
    expect(result).toMatchObject({ ok: true, to: 'revised' })
    expect(order.items[0]).toMatchObject({ foundGradeKey: 'faulty', revisedPricePence: 4_000, offerAnswer: null })
    const screen = checklist.find((q) => q.key === 'screen')!
    expect(order.items[0]!.revisedReason).toBe(
      fillTemplate(orderCopy.checklist.foundReason, {
        grade: 'Faulty',
        found: `${screen.question}: ${screen.answers.find((a) => a.key === 'cracked')!.label}`,
      }),
    )
    expect(order.events.at(-2)).toMatchObject({ action: 'check', reason: 'Apple iPhone 13 128GB: Faulty' })
    expect(await mailsOf(order.id)).toEqual(['revisedOffer'])
  })

  it('takes the network lock’s share off the quote', async () => {
    const before = await received()
    const { order } = await done(before, { [answerField(before.items[0]!.id, 'network')]: 'locked' })
    expect(order.items[0]).toMatchObject({ foundGradeKey: 'good', revisedPricePence: 14_400 })
  })

  it('refuses a different price without a reason, in the content’s terms, and changes nothing', async () => {
    const before = await received()
    const id = before.items[0]!.id
    expect(await check(before, { [`price-${id}`]: '150' })).toEqual({
      problems: [{ field: `reason-${id}`, code: 'priceReasonMissing' }],
    })
    expect((await getOrder(db, { id: before.id }))!).toMatchObject({ status: 'received' })
    const { order } = await done(before, { [`price-${id}`]: '150', [`reason-${id}`]: 'Deep scratch on the lens' })
    expect(order.items[0]).toMatchObject({ revisedPricePence: 15_000, revisedReason: 'Deep scratch on the lens' })
  })

  it('sends a price above the quote to a manager’s approval: proposed, nothing offered or e-mailed', async () => {
    const before = await received()
    const id = before.items[0]!.id
    const { result, order } = await done(before, {
      [answerField(id, 'screen')]: 'perfect',
      [answerField(id, 'body')]: 'perfect',
    })
    expect(result).toMatchObject({ ok: true, to: 'checked' })
    expect(order.items[0]).toMatchObject({
      foundGradeKey: 'excellent',
      proposedPricePence: 18_000,
      revisedPricePence: null,
    })
    expect(order.events.at(-1)).toMatchObject({ action: RISE_EVENTS.propose, actorUserId: staffId })
    expect(await mailsOf(order.id)).toEqual([])
  })

  it('refuses a device that is not the one ordered: declined with the checklist’s words, the parcel sent back', async () => {
    const before = await received()
    const { result, order } = await done(before, { [answerField(before.items[0]!.id, 'imei')]: 'differs' }, true)
    expect(result).toMatchObject({ ok: true, to: 'returning' })
    const words = checklist.find((q) => q.key === 'imei')!.answers.find((a) => a.key === 'differs')!.stopWords
    expect(order.items[0]).toMatchObject({ offerAnswer: 'decline', revisedPricePence: 0, revisedReason: words })
    expect(order.events.slice(-2).map((event) => [event.action, event.actor, event.toStatus])).toEqual([
      ['check', 'staff', 'checked'],
      ['refuse', 'system', 'returning'],
    ])
    expect(order.events.at(-2)!.reason).toBe(`Apple iPhone 13 128GB: Good (${orderCopy.checklist.refusedEvent})`)
    // The seller is told why it comes back, in the checklist's words, and not that it is checked for payment.
    const sent = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))
    expect(sent.map((row) => row.kind)).toEqual(['refused'])
    expect(sent[0]!.subject).toBe(`We cannot buy a device you sent: order ${order.reference}`)
    expect(sent[0]!.textBody).toContain(`Apple iPhone 13 128GB: ${words}`)
  })

  it('keeps the others of an order with one device refused, worth them alone, the refused one posted back', async () => {
    const before = await received(2)
    const { result, order } = await done(before, { [answerField(before.items[1]!.id, 'imei')]: 'differs' }, true)
    expect(result).toMatchObject({ ok: true, to: 'checked' })
    expect(order.totalPence).toBe(QUOTE)
    // "Checked" for the device kept, "refused" for the other.
    expect((await mailsOf(order.id)).sort()).toEqual(['checked', 'refused'])
    expect(order.items.map((item) => item.offerAnswer)).toEqual([null, 'decline'])
    await expect(
      returnDeclinedDevices(db, { orderId: order.id, actor: 'staff', actorUserId: staffId, tracking: 'AB123456789GB' }),
    ).resolves.toEqual({ ok: true, returned: 1 })
  })

  it('holds the order for an activation lock instead of checking it: the seller e-mailed, the check waiting for the release', async () => {
    const before = await received()
    const id = before.items[0]!.id
    const gradeKeys = grades
    const parsed = parseAdminAction(
      form(before, { [answerField(id, 'activation-lock')]: 'on' }),
      withChecklists(withPublishedPrices(before.items, models), models, lists, gradeKeys),
      gradeKeys,
    )
    if (!parsed.ok || parsed.value.move !== 'check') throw new Error(JSON.stringify(parsed))
    // As actions.ts holds it: the locked device, with the answer staff gave for the reason.
    const on = checklist.find((q) => q.key === 'activation-lock')!.answers.find((a) => a.key === 'on')!
    const locked = lockedByCheck(before.items, parsed.value.items)
    expect(locked).toEqual({ itemIds: [id], reason: `Apple iPhone 13 128GB: ${on.label}` })
    const context = { lockWorkingDays: orderCopy.timings.lockWorkingDays, calendar: NO_CLOSED_DAYS, mail }
    await expect(
      holdForLock(db, { orderId: before.id, ...locked!, actor: 'staff', actorUserId: staffId }, context),
    ).resolves.toMatchObject({ ok: true, already: false })
    const held = (await getOrder(db, { id: before.id }))!
    expect(held.status).toBe('received')
    expect(held.items[0]!.checkAnswers).toBeNull()
    expect(held.events.at(-1)).toMatchObject({ action: LOCK_EVENTS.hold, reason: locked!.reason, actorUserId: staffId })
    expect(await mailsOf(before.id)).toEqual(['lockHeld'])
    // Answered "off" while the hold stands, the check still waits: staff release the hold first.
    const { result } = await check(before)
    expect(result).toEqual({ ok: false, reason: 'guard-refused' })
  })

  it('refuses a forged answer, and a forged grade’s field for a device not in the order, as problems; ignores a posted grade', async () => {
    const before = await received()
    const id = before.items[0]!.id
    expect(await check(before, { [answerField(id, 'screen')]: 'mint' })).toEqual({
      problems: [{ field: answerField(id, 'screen'), code: 'invalid' }],
    })
    expect(await check(before, { [`grade-${randomUUID()}`]: 'excellent' })).toEqual({
      problems: [{ field: 'items', code: 'unknownItem' }],
    })
    // The grade is the checklist's to decide: a grade posted beside the answers changes nothing.
    const { order } = await done(before, { [`grade-${id}`]: 'excellent', [answerField(id, 'screen')]: 'cracked' })
    expect(order.items[0]).toMatchObject({ foundGradeKey: 'faulty', revisedPricePence: 4_000 })
  })
})
