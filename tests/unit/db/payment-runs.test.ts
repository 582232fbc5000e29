import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderItem, paymentRun, paymentRunLine, sellerOrder, user } from '@/db/schema'
import { readBankFile } from '@/payouts/bank/bank-file'
import { changePayout, issuePayoutCode } from '@/orders/payout-change/payout-change'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import type { BankDetails } from '@/payouts/bank/bank-transfer'
import { downloadRunFile, makeRun, readyOrders, type Manager } from '@/orders/payment-runs/payment-runs'
import { markLineFailed, markRunPaid } from '@/orders/payment-runs/run-marks'
import { getRun } from '@/orders/payment-runs/run-reads'
import { applyRetention } from '@/orders/moves/retention'
import { getOrder, placeOrder, type OrderRecord } from '@/orders/record/store'
import { raceForRow } from '../../support/row-lock-race'
import { withFileDatabase, type TestDatabase } from '../../support/test-database'
import { sampleOrder } from '../../support/order-fixtures'
import { moveOrder } from '@/orders/moves/move-store'

let db: Db
let home: TestDatabase
withFileDatabase((opened, where) => {
  db = opened
  home = where
})

const DAY_MS = 24 * 3600 * 1000
const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const originator = { sortCode: '601613', accountNumber: '31926819', name: 'HANDBACK LTD' }
const mail = (kind: string) => (order: OrderRecord) => [
  { kind, to: order.email!, subject: `${kind} ${order.reference}`, text: kind, html: `<p>${kind}</p>` },
]
let manager: Manager
let otherManager: Manager

beforeAll(async () => {
  manager = await addManager('Maya Manager')
  otherManager = await addManager('Omar Other')
})

async function addManager(name: string): Promise<Manager> {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role: 'manager' } as typeof user.$inferInsert)
  return { id, name }
}

let seq = 0
/** An order in `status` with every device passed by the register yesterday, and real sealed bank details. */
async function payable(
  status = 'checked',
  options: { pence?: number; passed?: boolean; heldUntil?: Date; holder?: string } = {},
): Promise<OrderRecord & { bank: BankDetails }> {
  seq++
  const bank: BankDetails = {
    accountHolder: options.holder ?? `Seller Number${seq}`,
    sortCode: `30-94-${String(seq % 100).padStart(2, '0')}`,
    accountNumber: String(10_000_000 + seq),
  }
  const placed = await placeOrder(
    db,
    sampleOrder({
      sealPayout: (reference) => sealPayout(bank, reference, keys),
      items: [{ ...sampleOrder().items[0]!, pricePence: options.pence ?? 10_000 + seq }],
    }),
  )
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  await db
    .update(sellerOrder)
    .set({ status, totalPence: options.pence ?? 10_000 + seq, payoutHeldUntil: options.heldUntil ?? null })
    .where(eq(sellerOrder.id, placed.id))
  await db
    .update(orderItem)
    .set({
      registerResult: options.passed === false ? 'caution' : 'pass',
      registerCheckedAt: new Date(Date.now() - DAY_MS),
    })
    .where(eq(orderItem.orderId, placed.id))
  return { ...(await getOrder(db, { id: placed.id }))!, bank }
}

const statusOf = async (id: string) =>
  (await db.select({ status: sellerOrder.status }).from(sellerOrder).where(eq(sellerOrder.id, id)))[0]?.status

/** Every order a test made is marked so that "all ready" runs in one test do not take another test's. */
async function clearReady() {
  await db
    .update(sellerOrder)
    .set({ status: 'returned' })
    .where(inArray(sellerOrder.status, ['checked', 'accepted', 'payment-failed']))
}

const run = (orderIds: string[] | 'all-ready', who = manager) =>
  makeRun(db, { orderIds, manager: who, originator, keys })

beforeEach(clearReady)

it('moves exactly the ready orders into a run, with its lines, events and a sealed file of their payees', async () => {
  const checked = await payable('checked')
  const accepted = await payable('accepted')
  const refused = await payable('payment-failed')
  const noPass = await payable('checked', { passed: false })
  const held = await payable('checked', { heldUntil: new Date(Date.now() + DAY_MS) })
  const revised = await payable('revised')

  const ready = await readyOrders(db)
  expect(ready.map((order) => order.id).sort()).toEqual([checked.id, accepted.id, refused.id].sort())

  const made = await run('all-ready')
  if (!made.ok) throw new Error(made.reason)
  const total = checked.totalPence + accepted.totalPence + refused.totalPence
  expect(made).toMatchObject({ count: 3, totalPence: total, skipped: 0 })
  for (const order of [checked, accepted, refused]) expect(await statusOf(order.id)).toBe('paying')
  for (const order of [noPass, held]) expect(await statusOf(order.id)).toBe('checked')
  expect(await statusOf(revised.id)).toBe('revised')

  const events = await db
    .select()
    .from(orderEvent)
    .where(and(eq(orderEvent.action, 'startPayment'), eq(orderEvent.reason, made.reference)))
  expect(events.map((event) => [event.orderId, event.fromStatus, event.toStatus, event.actorName]).sort()).toEqual(
    [
      [checked.id, 'checked', 'paying', 'Maya Manager'],
      [accepted.id, 'accepted', 'paying', 'Maya Manager'],
      [refused.id, 'payment-failed', 'paying', 'Maya Manager'],
    ].sort(),
  )

  // The file is sealed in the database: no account number in it as stored.
  const [stored] = await db.select().from(paymentRun).where(eq(paymentRun.id, made.runId))
  expect(stored!.fileSealed).not.toContain(checked.bank.accountNumber)
  const file = await downloadRunFile(db, { runId: made.runId, managerId: manager.id, keys })
  const read = readBankFile(file!.text)
  expect(read.contraPence).toBe(total)
  expect(
    read.payments.map((payment) => [payment.reference, payment.accountNumber, payment.amountPence]).sort(),
  ).toEqual(
    [checked, accepted, refused].map((order) => [order.reference, order.bank.accountNumber, order.totalPence]).sort(),
  )
  // The run's reference goes whole into the contra record: it fits the 18-character field.
  expect(made.reference).toMatch(/^PR-\d{6}-\d{4}-[2-9A-HJ-NP-Z]{3}$/)
  expect(read.runReference).toBe(made.reference)
  const detail = await getRun(db, made.runId)
  expect(detail!.downloads.map((download) => download.name)).toEqual(['Maya Manager'])
  expect(detail!.lines.map((line) => line.state)).toEqual(['pending', 'pending', 'pending'])
})

/** The first of these orders in the order a run locks them (placed, then id): where two runs meet. */
async function firstLocked(ids: string[]): Promise<string> {
  const rows = await db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(inArray(sellerOrder.id, ids))
    .orderBy(asc(sellerOrder.placedAt), asc(sellerOrder.id))
  return rows[0]!.id
}

// Two managers make a run at the same moment, the runs overlapping in four orders. On PostgreSQL
// both really run at once (tests/support/row-lock-race.ts), the one waiting on the other's lock.
it('never puts one order in two runs made at once: the run that came first takes all it chose, the second none', async () => {
  const orders = await Promise.all(Array.from({ length: 6 }, () => payable('checked')))
  const ids = orders.map((order) => order.id)
  const meet = await firstLocked(ids.slice(2))
  const [first, second] = await raceForRow(
    home,
    'seller_order',
    meet,
    () => run(ids),
    () => run(ids.slice(2), otherManager),
  )
  expect(first).toMatchObject({ ok: true, count: 6, skipped: 0 })
  expect(second).toEqual({ ok: false, reason: 'none-left' })
  const lines = await db.select().from(paymentRunLine).where(inArray(paymentRunLine.orderId, ids))
  expect(lines.map((line) => line.orderId).sort()).toEqual([...ids].sort())
  expect(new Set(lines.map((line) => line.runId))).toEqual(new Set([(first as { runId: string }).runId]))
  expect(await db.select().from(paymentRun).where(eq(paymentRun.createdBy, otherManager.id))).toEqual([])

  // Chosen again, now that every one is in a run: refused, nothing made.
  await expect(run(ids)).resolves.toEqual({ ok: false, reason: 'none-left' })
  await expect(run([])).resolves.toEqual({ ok: false, reason: 'none-chosen' })
})

it('never puts one order in two runs made at once: the second is made from what the first left', async () => {
  const orders = await Promise.all(Array.from({ length: 6 }, () => payable('checked')))
  const ids = orders.map((order) => order.id)
  const meet = await firstLocked(ids.slice(2))
  const [first, second] = await raceForRow(
    home,
    'seller_order',
    meet,
    () => run(ids.slice(2), otherManager),
    () => run(ids),
  )
  expect(first).toMatchObject({ ok: true, count: 4, skipped: 0 })
  expect(second).toMatchObject({ ok: true, count: 2, skipped: 4 })
  const lines = await db.select().from(paymentRunLine).where(inArray(paymentRunLine.orderId, ids))
  const runOf = new Map(lines.map((line) => [line.orderId, line.runId]))
  expect(lines).toHaveLength(6)
  for (const id of ids.slice(2)) expect(runOf.get(id)).toBe((first as { runId: string }).runId)
  for (const id of ids.slice(0, 2)) expect(runOf.get(id)).toBe((second as { runId: string }).runId)
})

// Two managers press "Mark paid" on one order at the same moment.
it('pays one order once when it is marked paid twice at once: one payment, one event, one e-mail', async () => {
  const order = await payable('checked')
  const markPaid = (who: Manager) => () =>
    moveOrder(db, {
      orderId: order.id,
      move: 'pay',
      actor: 'manager',
      actorUserId: who.id,
      expectedStatus: 'checked',
      emails: mail('paid'),
    })
  const [once, twice] = await raceForRow(home, 'seller_order', order.id, markPaid(manager), markPaid(otherManager))
  expect(once).toEqual({ ok: true, from: 'checked', to: 'paid' })
  expect(twice).toEqual({ ok: false, reason: 'moved', status: 'paid' })
  const events = await db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id))
  expect(events.filter((event) => event.action === 'pay').map((event) => event.actorName)).toEqual(['Maya Manager'])
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))
  expect(mails.filter((one) => one.kind === 'paid')).toHaveLength(1)
})

it('refuses a run with a payee whose name the bank file would leave blank, naming the order, and changes nothing', async () => {
  // Bank details kept before names were checked where they are typed: sealed as the seller typed them.
  const blank = await payable('checked', { holder: 'Дмитрий Иванов' })
  const fine = await payable('checked', { holder: 'Zoë Brontë' })
  const runsBefore = (await db.select({ id: paymentRun.id }).from(paymentRun)).length
  for (const chosen of [[blank.id, fine.id], 'all-ready'] as const) {
    await expect(run(chosen === 'all-ready' ? chosen : [...chosen])).resolves.toEqual({
      ok: false,
      reason: 'payee-name',
      references: [blank.reference],
    })
  }
  expect(await statusOf(blank.id)).toBe('checked')
  expect(await statusOf(fine.id)).toBe('checked')
  expect(await db.select({ id: paymentRun.id }).from(paymentRun)).toHaveLength(runsBefore)
  // Left out by the manager, the others are paid: the accented name folded, as the bank has it.
  const made = await run([fine.id])
  if (!made.ok) throw new Error(made.reason)
  const file = await downloadRunFile(db, { runId: made.runId, managerId: manager.id, keys })
  expect(readBankFile(file!.text).payments.map((payment) => payment.accountName)).toEqual(['ZOE BRONTE'])
})

it('makes a run of the orders still ready and says how many were left out', async () => {
  const [a, b, c] = await Promise.all([payable(), payable(), payable()])
  const firstRun = await run([a!.id])
  expect(firstRun.ok).toBe(true)
  const made = await run([a!.id, b!.id, c!.id])
  expect(made).toMatchObject({ ok: true, count: 2, skipped: 1 })
})

it('marks the run paid once: every waiting line, each order paid with its e-mail; a second click changes nothing', async () => {
  const [a, b, c] = await Promise.all([payable(), payable(), payable()])
  const made = await run([a!.id, b!.id, c!.id])
  if (!made.ok) throw new Error(made.reason)
  const line = (await getRun(db, made.runId))!.lines.find((one) => one.orderId === b!.id)!

  await expect(
    markLineFailed(db, {
      runId: made.runId,
      lineId: line.id,
      reason: 'Account closed',
      manager,
      emails: mail('paymentFailed'),
    }),
  ).resolves.toEqual({ ok: true, marked: 1 })
  await expect(
    markLineFailed(db, { runId: made.runId, lineId: line.id, reason: 'Again', manager, emails: mail('paymentFailed') }),
  ).resolves.toEqual({ ok: false, reason: 'nothing-to-mark' })
  expect(await statusOf(b!.id)).toBe('payment-failed')

  // Two managers mark the run paid at the same moment (on PostgreSQL, really at once).
  const [once, twice] = await raceForRow(
    home,
    'payment_run',
    made.runId,
    () => markRunPaid(db, { runId: made.runId, manager, emails: mail('paid') }),
    () => markRunPaid(db, { runId: made.runId, manager: otherManager, emails: mail('paid') }),
  )
  expect(once).toEqual({ ok: true, marked: 2 })
  expect(twice).toEqual({ ok: false, reason: 'nothing-to-mark' })
  for (const order of [a!, c!]) expect(await statusOf(order.id)).toBe('paid')
  expect(await statusOf(b!.id)).toBe('payment-failed')

  const ids = [a!.id, b!.id, c!.id]
  const mails = await db.select().from(emailOutbox).where(inArray(emailOutbox.orderId, ids))
  expect(
    mails
      .filter((one) => one.kind !== 'orderConfirmation')
      .map((one) => [one.orderId, one.kind])
      .sort(),
  ).toEqual(
    [
      [a!.id, 'paid'],
      [b!.id, 'paymentFailed'],
      [c!.id, 'paid'],
    ].sort(),
  )
  const events = await db.select().from(orderEvent).where(inArray(orderEvent.orderId, ids))
  expect(events.filter((event) => event.action === 'confirmPayment')).toHaveLength(2)
  expect(events.filter((event) => event.action === 'failPayment').map((event) => event.reason)).toEqual([
    'Account closed',
  ])
  const detail = await getRun(db, made.runId)
  expect(detail!.state).toBe('settled')

  // The failed one is ready again, and goes into a later run.
  expect((await readyOrders(db)).map((order) => order.id)).toEqual([b!.id])
  const retry = await run('all-ready')
  expect(retry).toMatchObject({ ok: true, count: 1, totalPence: b!.totalPence })
})

it('refuses a change of bank details once the order is in a run, and allows it after the payment failed', async () => {
  const order = await payable()
  const made = await run([order.id])
  if (!made.ok) throw new Error(made.reason)
  const secret = randomBytes(32).toString('base64')
  const codeMail = () => [{ kind: 'code', to: order.email!, subject: 's', text: 't', html: 'h' }]
  await expect(issuePayoutCode(db, { orderId: order.id, secret, code: '123456', emails: codeMail })).resolves.toEqual({
    ok: false,
    reason: 'closed',
  })
  const change = () =>
    changePayout(db, {
      orderId: order.id,
      code: '123456',
      details: { accountHolder: 'New', sortCode: '200000', accountNumber: '87654321' },
      secret,
      seal: (details, reference) => sealPayout(details, reference, keys),
      match: (details) => `match-${JSON.stringify(details)}`,
      emails: () => [],
    })
  await expect(change()).resolves.toEqual({ ok: false, reason: 'closed' })

  const line = (await getRun(db, made.runId))!.lines[0]!
  await markLineFailed(db, {
    runId: made.runId,
    lineId: line.id,
    reason: 'Unknown account',
    manager,
    emails: mail('x'),
  })
  await expect(
    issuePayoutCode(db, { orderId: order.id, secret, code: '123456', emails: codeMail }),
  ).resolves.toMatchObject({ ok: true })
  await expect(change()).resolves.toMatchObject({ ok: true })
  // The change holds the payout: the order is not ready until the hold ends.
  expect((await readyOrders(db)).map((one) => one.id)).not.toContain(order.id)
  expect((await readyOrders(db, new Date(Date.now() + 3 * DAY_MS))).map((one) => one.id)).toContain(order.id)
})

it('deletes a settled run’s bank file once the bank details period has passed, keeping its figures', async () => {
  const order = await payable()
  const made = await run([order.id])
  if (!made.ok) throw new Error(made.reason)
  const retention = { bankDetailsDays: 30, recordYears: 6 }
  // Still open: kept however old.
  await applyRetention(db, retention, new Date(Date.now() + 60 * DAY_MS))
  expect((await getRun(db, made.runId))!.fileHeld).toBe(true)

  await markRunPaid(db, { runId: made.runId, manager, emails: mail('paid') })
  await applyRetention(db, retention, new Date(Date.now() + 29 * DAY_MS))
  expect((await getRun(db, made.runId))!.fileHeld).toBe(true)
  await applyRetention(db, retention, new Date(Date.now() + 31 * DAY_MS))
  const detail = await getRun(db, made.runId)
  expect(detail).toMatchObject({ fileHeld: false, orderCount: 1, totalPence: order.totalPence })
  expect(detail!.fileDeletedAt).not.toBeNull()
  await expect(downloadRunFile(db, { runId: made.runId, managerId: manager.id, keys })).resolves.toBeNull()
})
