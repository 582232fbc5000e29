import { randomBytes, randomUUID } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  orderIdentityCheck,
  emailOutbox,
  orderEvent,
  orderItem,
  payment,
  payoutApproval,
  payoutLimit,
  sellerOrder,
  user,
} from '@/db/schema'
import { approveWaiting, moneyFigures, setDailyLimit, waitingAboveLimit } from '@/orders/payments/payout-figures'
import { applyAnswer, startPayment, type Emails } from '@/orders/payments/payment-store'
import { payDue, READ_BACK_AFTER_MS, type PayoutContext } from '@/orders/payments/payout-job'
import { getOrder, placeOrder, type OrderRecord } from '@/orders/record/store'
import { NO_CLOSED_DAYS, cutoffOn } from '@/orders/record/working-days'
import type { BankDetails } from '@/payouts/bank/bank-transfer'
import type { Payer, PaymentAnswer, PaymentRequest } from '@/payouts/payer'
import type { PayoutDetails } from '@/payouts/methods'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase } from '../../support/test-database'

/**
 * The payout job against a payer that keeps its promises as a provider's API does (a key it has
 * seen answers the first payment; final statuses come later): what is sent at the cut-off, the
 * limit, and exactly once when the site stops mid-send, the answer is lost or a webhook comes twice.
 * The provider's own stand-in, over HTTP, is played in the exactly-once drill and the e2e suite.
 */

let db: Db
withFileDatabase((opened) => {
  db = opened
})

const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const mail = (kind: string) => (order: OrderRecord) => [
  { kind, to: order.email!, subject: `${kind} ${order.reference}`, text: kind, html: `<p>${kind}</p>` },
]
const emails: Emails = { paid: mail('paid'), failed: mail('paymentFailed') }

/** A payer as a provider behaves: idempotent by key, asynchronous, and able to lose an answer. */
class ProviderLike implements Payer<PayoutDetails> {
  id = 'faster-payments'
  payments = new Map<string, PaymentAnswer & { key: string; request: PaymentRequest<PayoutDetails> }>()
  /** The next sends reach the provider, which pays, but the answer never comes back. */
  loseAnswers = 0
  down = false
  async send(request: PaymentRequest<PayoutDetails>) {
    if (this.down) return { ok: false as const, reason: 'unavailable' as const, detail: 'down' }
    let known = [...this.payments.values()].find((candidate) => candidate.key === request.idempotencyKey)
    if (!known) {
      known = { id: `pay_${randomUUID()}`, status: 'accepted', reason: null, key: request.idempotencyKey, request }
      this.payments.set(known.id, known)
    }
    if (this.loseAnswers > 0) {
      this.loseAnswers--
      return { ok: false as const, reason: 'unavailable' as const, detail: 'timed out' }
    }
    return { ok: true as const, value: { id: known.id, status: known.status, reason: known.reason } }
  }
  async read(id: string) {
    const known = this.payments.get(id)
    if (!known) return { ok: false as const, reason: 'refused' as const, detail: 'unknown' }
    return { ok: true as const, value: { id, status: known.status, reason: known.reason } }
  }
  verifyWebhook() {
    return null
  }
  finish(id: string, status: PaymentAnswer['status'], reason: string | null = null) {
    Object.assign(this.payments.get(id)!, { status, reason })
  }
  byReference(reference: string) {
    return [...this.payments.values()].filter((known) => known.request.reference === reference)
  }
}

let provider: ProviderLike
// A Tuesday in December, GMT: the cut-off is 14:00 London time.
const DAY = '2026-12-01'
const CUTOFF = '14:00'
const at = (time: string, day = DAY) => new Date(`${day}T${time}:00Z`)
const context = (now: Date, more: Partial<PayoutContext> = {}): PayoutContext => ({
  cutoff: CUTOFF,
  calendar: NO_CLOSED_DAYS,
  keys,
  payers: { 'faster-payments': provider },
  emails,
  now,
  ...more,
})

let seq = 0
/** An order ready to pay since `readySince`: checked, every device passed, real sealed bank details. */
async function ready(readySince: Date, pence = 10_000 + ++seq): Promise<OrderRecord> {
  const bank: BankDetails = {
    accountHolder: `Seller Number${seq}`,
    sortCode: '30-94-57',
    accountNumber: String(20_000_000 + seq),
  }
  const placed = await placeOrder(
    db,
    sampleOrder({
      sealPayout: (reference) => sealPayout(bank, reference, keys),
      items: [{ ...sampleOrder().items[0]!, pricePence: pence }],
    }),
  )
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  await db
    .update(sellerOrder)
    .set({ status: 'checked', statusSince: readySince, totalPence: pence })
    .where(eq(sellerOrder.id, placed.id))
  await db
    .update(orderItem)
    .set({ registerResult: 'pass', registerCheckedAt: readySince })
    .where(eq(orderItem.orderId, placed.id))
  return (await getOrder(db, { id: placed.id }))!
}

const statusOf = async (id: string) =>
  (await db.select({ status: sellerOrder.status }).from(sellerOrder).where(eq(sellerOrder.id, id)))[0]?.status
const paymentsOf = (orderId: string) =>
  db.select().from(payment).where(eq(payment.orderId, orderId)).orderBy(asc(payment.attempt))
const mailsTo = async (order: OrderRecord) =>
  (await db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.orderId, order.id))).map(
    (row) => row.kind,
  )

beforeEach(async () => {
  provider = new ProviderLike()
  // Each test's orders only: earlier tests' ready orders are put out of the way.
  await db
    .update(sellerOrder)
    .set({ status: 'returned' })
    .where(inArray(sellerOrder.status, ['checked', 'accepted', 'payment-failed', 'paying']))
  await db.delete(payoutApproval)
  await db.delete(payoutLimit)
})

it('sends nothing before the cut-off; at it, what was ready before it, once; what came after waits for the next working day', async () => {
  const morning = await ready(at('09:30'))
  const afternoon = await ready(at('14:30'))

  expect(await payDue(db, context(at('13:59')))).toMatchObject({ sent: 0 })
  expect(provider.payments.size).toBe(0)

  expect(await payDue(db, context(at('14:00')))).toMatchObject({ sent: 1 })
  expect(await statusOf(morning.id)).toBe('paying')
  expect(await statusOf(afternoon.id)).toBe('checked')
  const [sent] = provider.byReference(morning.reference)
  expect(sent!.request).toMatchObject({ amountPence: morning.totalPence, reference: morning.reference })
  expect(sent!.request.details).toMatchObject({ accountHolder: expect.stringMatching(/^Seller Number/) })

  // Every later pass that day finds nothing new: one payment, whatever the number of passes.
  await payDue(db, context(at('14:01')))
  await payDue(db, context(at('16:00')))
  expect(provider.byReference(morning.reference)).toHaveLength(1)
  expect(await statusOf(afternoon.id)).toBe('checked')

  // The next working day's cut-off pays the afternoon's.
  await payDue(db, context(at('13:00', '2026-12-02')))
  expect(await statusOf(afternoon.id)).toBe('checked')
  await payDue(db, context(at('14:00', '2026-12-02')))
  expect(await statusOf(afternoon.id)).toBe('paying')
  const [row] = await paymentsOf(afternoon.id)
  expect(row).toMatchObject({ day: '2026-12-02', state: 'accepted', attempt: 1 })
})

it('pays nothing on a weekend or a closed day: Friday after the cut-off is paid on Monday, or Tuesday after a bank holiday', async () => {
  const friday = await ready(at('15:00', '2026-12-04'))
  await payDue(db, context(at('15:00', '2026-12-05')))
  await payDue(db, context(at('15:00', '2026-12-06')))
  const closed = { closedDays: new Set(['2026-12-07']) }
  await payDue(db, context(at('15:00', '2026-12-07'), { calendar: closed }))
  expect(provider.payments.size).toBe(0)
  await payDue(db, context(at('14:05', '2026-12-08'), { calendar: closed }))
  expect(await statusOf(friday.id)).toBe('paying')
  expect(cutoffOn('2026-07-01', CUTOFF).toISOString()).toBe('2026-07-01T13:00:00.000Z')
})

it('a settled webhook pays the order with the seller’s e-mail; the same event again, or another saying the same, changes nothing', async () => {
  const order = await ready(at('10:00'))
  await payDue(db, context(at('14:00')))
  const [row] = await paymentsOf(order.id)
  provider.finish(row!.payerPaymentId!, 'settled')
  const target = { payer: provider.id, payerPaymentId: row!.payerPaymentId! }
  const settled = { status: 'settled' as const, reason: null }
  expect(await applyAnswer(db, target, settled, emails, at('14:03'), 'evt_1')).toBe('applied')
  expect(await applyAnswer(db, target, settled, emails, at('14:04'), 'evt_1')).toBe('unchanged')
  expect(await applyAnswer(db, target, settled, emails, at('14:05'), 'evt_2')).toBe('unchanged')
  expect(await statusOf(order.id)).toBe('paid')
  expect((await mailsTo(order)).filter((kind) => kind === 'paid')).toHaveLength(1)
  const events = await db
    .select({ action: orderEvent.action, actor: orderEvent.actor, reason: orderEvent.reason })
    .from(orderEvent)
    .where(eq(orderEvent.orderId, order.id))
    .orderBy(asc(orderEvent.id))
  expect(events.slice(-2)).toEqual([
    { action: 'sendPayment', actor: 'system', reason: 'payment-cutoff' },
    { action: 'settlePayment', actor: 'system', reason: 'bank-confirmed' },
  ])
  // A payment nobody sent is not found, and an unknown payer id is not applied.
  expect(await applyAnswer(db, { payer: provider.id, payerPaymentId: 'pay_nope' }, settled, emails)).toBe(
    'unknown-payment',
  )
})

it('a rejection asks the seller to check their details; it is sent again, with a new key, only once they changed them', async () => {
  const order = await ready(at('10:00'))
  await payDue(db, context(at('14:00')))
  const [first] = await paymentsOf(order.id)
  const target = { payer: provider.id, payerPaymentId: first!.payerPaymentId! }
  await applyAnswer(db, target, { status: 'rejected', reason: 'AC01 account closed' }, emails, at('14:10'), 'evt_r')
  expect(await statusOf(order.id)).toBe('payment-failed')
  expect(await mailsTo(order)).toContain('paymentFailed')
  expect((await paymentsOf(order.id))[0]).toMatchObject({ state: 'rejected', reason: 'AC01 account closed' })

  // Not again to the same details.
  await payDue(db, context(at('14:00', '2026-12-02')))
  expect(await paymentsOf(order.id)).toHaveLength(1)

  // The seller changes them (the change's hold starts after the failure); the next cut-off after the hold sends attempt 2.
  await db
    .update(sellerOrder)
    .set({ payoutHeldUntil: at('09:00', '2026-12-03') })
    .where(eq(sellerOrder.id, order.id))
  await payDue(db, context(at('14:00', '2026-12-03')))
  const attempts = await paymentsOf(order.id)
  expect(attempts.map((row) => [row.attempt, row.state])).toEqual([
    [1, 'rejected'],
    [2, 'accepted'],
  ])
  expect(attempts[0]!.idempotencyKey).not.toBe(attempts[1]!.idempotencyKey)
})

it('exactly once: an answer lost after the provider paid, and the site stopped before it sent, are each sent again with the same key', async () => {
  const lost = await ready(at('10:00'))
  provider.loseAnswers = 1
  await payDue(db, context(at('14:00')))
  expect((await paymentsOf(lost.id))[0]).toMatchObject({ state: 'sending' })

  // Stopped between the order's move and the request: the row waits, unsent.
  const stopped = await ready(at('10:00'))
  const row = await startPayment(db, {
    orderId: stopped.id,
    status: 'checked',
    payer: provider.id,
    amountPence: stopped.totalPence,
    reference: stopped.reference,
    day: DAY,
    now: at('14:00'),
  })
  expect(row).not.toBeNull()
  expect(provider.byReference(stopped.reference)).toHaveLength(0)

  await payDue(db, context(at('14:01')))
  expect(provider.byReference(lost.reference)).toHaveLength(1)
  expect(provider.byReference(stopped.reference)).toHaveLength(1)
  for (const order of [lost, stopped]) expect((await paymentsOf(order.id)).map((p) => p.state)).toEqual(['accepted'])
  // The order moved once: a second start for it finds it paying already.
  expect(
    await startPayment(db, { ...row!, orderId: stopped.id, status: 'checked', payer: provider.id, now: at('14:02') }),
  ).toBeNull()
})

it('a payment accepted with no final word is read back by id, and paid or failed on what the provider says', async () => {
  const order = await ready(at('10:00'))
  await payDue(db, context(at('14:00')))
  const [row] = await paymentsOf(order.id)
  provider.finish(row!.payerPaymentId!, 'settled')
  // Not yet asked again: too soon.
  await payDue(db, context(new Date(at('14:00').getTime() + READ_BACK_AFTER_MS - 1000)))
  expect(await statusOf(order.id)).toBe('paying')
  await payDue(db, context(new Date(at('14:00').getTime() + READ_BACK_AFTER_MS + 1000)))
  expect(await statusOf(order.id)).toBe('paid')
})

it('a return after the payment settled makes the order owed again, with the e-mail', async () => {
  const order = await ready(at('10:00'))
  await payDue(db, context(at('14:00')))
  const [row] = await paymentsOf(order.id)
  const target = { payer: provider.id, payerPaymentId: row!.payerPaymentId! }
  await applyAnswer(db, target, { status: 'settled', reason: null }, emails, at('14:05'), 'e1')
  await applyAnswer(
    db,
    target,
    { status: 'returned', reason: 'Beneficiary deceased' },
    emails,
    at('09:00', '2026-12-03'),
    'e2',
  )
  expect(await statusOf(order.id)).toBe('payment-failed')
  expect((await paymentsOf(order.id))[0]).toMatchObject({ state: 'returned', reason: 'Beneficiary deceased' })
  expect(await mailsTo(order)).toEqual(expect.arrayContaining(['paid', 'paymentFailed']))
})

it('within the day’s limit: above it, orders wait (oldest first) until a manager approves them', async () => {
  // A day of its own: the other tests' payments count against theirs.
  const day = '2026-12-09'
  await db.insert(payoutLimit).values({ dailyPence: 25_000 })
  const first = await ready(at('08:00', day), 10_000)
  const second = await ready(at('09:00', day), 10_000)
  const third = await ready(at('10:00', day), 10_000)
  const pass = await payDue(db, context(at('14:00', day)))
  expect(pass).toMatchObject({ sent: 2, waitingApproval: 1, waitingPence: 10_000 })
  expect([await statusOf(first.id), await statusOf(second.id), await statusOf(third.id)]).toEqual([
    'paying',
    'paying',
    'checked',
  ])
  await db.insert(payoutApproval).values({ day, amountPence: 10_000 })
  expect(await payDue(db, context(at('14:05', day)))).toMatchObject({ sent: 1, waitingApproval: 0 })
  expect(await statusOf(third.id)).toBe('paying')
  // The day's three payments, and the next day starts with the limit alone again.
  expect(await db.select({ day: payment.day }).from(payment).where(eq(payment.day, day))).toHaveLength(3)
  const next = await ready(at('09:00', '2026-12-10'), 30_000)
  expect(await payDue(db, context(at('14:00', '2026-12-10')))).toMatchObject({ sent: 0, waitingApproval: 1 })
  expect(await statusOf(next.id)).toBe('checked')
})

it('while the provider is down nothing is lost: the payment waits, unsent, and goes once it is back', async () => {
  const order = await ready(at('10:00'))
  provider.down = true
  await payDue(db, context(at('14:00')))
  await payDue(db, context(at('14:01')))
  expect(provider.payments.size).toBe(0)
  expect((await paymentsOf(order.id)).map((row) => row.state)).toEqual(['sending'])
  provider.down = false
  await payDue(db, context(at('14:02')))
  expect(provider.byReference(order.reference)).toHaveLength(1)
  expect((await paymentsOf(order.id)).map((row) => row.state)).toEqual(['accepted'])
})

it('never pays on its own a payee the bank did not match, or one whose name the seller kept against the bank’s', async () => {
  const day = '2026-12-11'
  const unmatched = await ready(at('09:00', day))
  const kept = await ready(at('09:00', day))
  const matched = await ready(at('09:00', day))
  await db.update(sellerOrder).set({ payeeCheck: 'no_match' }).where(eq(sellerOrder.id, unmatched.id))
  await db.update(sellerOrder).set({ payeeCheck: 'close_match_kept' }).where(eq(sellerOrder.id, kept.id))
  await db.update(sellerOrder).set({ payeeCheck: 'match' }).where(eq(sellerOrder.id, matched.id))
  expect(await payDue(db, context(at('14:00', day)))).toMatchObject({ sent: 1 })
  expect([await statusOf(unmatched.id), await statusOf(kept.id), await statusOf(matched.id)]).toEqual([
    'checked',
    'checked',
    'paying',
  ])
})

it('a manager’s approval lets what waits above the limit go, once: two approving at the same moment approve it once', async () => {
  const day = '2026-12-14'
  const manager = { id: randomUUID() }
  await db.insert(user).values({
    id: manager.id,
    name: 'Maya Manager',
    email: `${manager.id}@example.com`,
    role: 'manager',
  } as typeof user.$inferInsert)
  await setDailyLimit(db, manager, 15_000)
  const first = await ready(at('08:00', day), 10_000)
  const second = await ready(at('09:00', day), 10_000)
  const rules = { cutoff: CUTOFF, calendar: NO_CLOSED_DAYS, payers: { 'faster-payments': provider } }
  expect(await payDue(db, context(at('14:00', day)))).toMatchObject({ sent: 1, waitingApproval: 1 })
  expect(await waitingAboveLimit(db, rules, at('14:01', day))).toEqual({ count: 1, pence: 10_000 })
  // The dashboard counts the same, read its own way (one pass over the orders ready).
  expect((await moneyFigures(db, rules, at('14:01', day))).held).toMatchObject({
    aboveLimit: { count: 1, pence: 10_000 },
    nextCutoff: 0,
  })

  const [one, other] = await Promise.all([
    approveWaiting(db, rules, manager, at('14:02', day)),
    approveWaiting(db, rules, manager, at('14:02', day)),
  ])
  expect([one, other].filter(Boolean)).toEqual([{ count: 1, pence: 10_000 }])
  const approvals = await db.select().from(payoutApproval).where(eq(payoutApproval.day, day))
  expect(approvals.map((row) => [row.amountPence, row.approvedByName])).toEqual([[10_000, 'Maya Manager']])

  await payDue(db, context(at('14:03', day)))
  expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['paying', 'paying'])
  expect(await approveWaiting(db, rules, manager, at('14:04', day))).toBeNull()
})

it('the dashboard says what is paid, with the bank, failed, and held back for each reason', async () => {
  const day = '2026-12-16'
  const paid = await ready(at('09:00', day), 10_000)
  const withBank = await ready(at('09:01', day), 20_000)
  const refused = await ready(at('09:02', day), 30_000)
  await payDue(db, context(at('14:00', day)))
  // Paid today counts the bank's confirmations by the day they came, on the database's clock.
  const rules = { cutoff: CUTOFF, calendar: NO_CLOSED_DAYS, payers: { 'faster-payments': provider } }
  const paidBefore = (await moneyFigures(db, rules, new Date())).paidToday
  provider.finish(provider.byReference(paid.reference)[0]!.id, 'settled')
  provider.finish(provider.byReference(refused.reference)[0]!.id, 'rejected', 'AC04')
  // Read back by id once accepted for longer than the job waits for a webhook.
  await payDue(db, context(new Date(at('14:00', day).getTime() + READ_BACK_AFTER_MS + 60_000)))

  const changed = await ready(at('09:03', day))
  await db
    .update(sellerOrder)
    .set({ payoutHeldUntil: at('12:00', '2026-12-17') })
    .where(eq(sellerOrder.id, changed.id))
  const notMatched = await ready(at('09:04', day))
  await db.update(sellerOrder).set({ payeeCheck: 'no_match' }).where(eq(sellerOrder.id, notMatched.id))
  const caution = await ready(at('09:05', day))
  await db.update(orderItem).set({ registerResult: 'caution' }).where(eq(orderItem.orderId, caution.id))
  const rise = await ready(at('09:06', day))
  await db
    .update(orderItem)
    .set({ revisedPricePence: 99_000, riseApprovedAt: null })
    .where(eq(orderItem.orderId, rise.id))
  const afterCutoff = await ready(at('14:10', day))

  expect((await moneyFigures(db, rules, new Date())).paidToday).toEqual({
    count: paidBefore.count + 1,
    pence: paidBefore.pence + 10_000,
  })
  // At 14:20 on the day: the refused payment waits for the seller, and is not counted as due at the next cut-off.
  expect(await moneyFigures(db, rules, at('14:20', day))).toMatchObject({
    payer: true,
    paying: { count: 1, pence: 20_000 },
    failed: 1,
    held: {
      aboveLimit: { count: 0, pence: 0 },
      change: 1,
      payee: 1,
      register: 1,
      rise: 1,
      nextCutoff: 1,
    },
  })
  expect([await statusOf(withBank.id), await statusOf(afterCutoff.id)]).toEqual(['paying', 'checked'])
})

it('the dashboard names an order waiting for proof of identity as held, and never counts it among those due', async () => {
  const day = '2026-12-21'
  const rules = { cutoff: CUTOFF, calendar: NO_CLOSED_DAYS, payers: { 'faster-payments': provider } }
  const order = await ready(at('09:00', day))
  // Before the cut-off every order ready waits for the next one; after it, the due ones are the job's.
  const before = await moneyFigures(db, rules, at('10:00', day))
  await db.insert(orderIdentityCheck).values({ orderId: order.id, askedBecause: 'amount' })
  const waiting = await moneyFigures(db, rules, at('10:00', day))
  expect(waiting.held.identity).toBe(before.held.identity + 1)
  expect(waiting.held.nextCutoff).toBe(before.held.nextCutoff - 1)
  // The job agrees: at the cut-off it leaves the order where it is.
  await payDue(db, context(at('14:00', day)))
  expect(await statusOf(order.id)).toBe('checked')
  await db.delete(orderIdentityCheck).where(eq(orderIdentityCheck.orderId, order.id))
})
