import { randomBytes, randomUUID } from 'node:crypto'
import { and, asc, count, eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, payoutChangeCode, sellerOrder } from '@/db/schema'
import { moveOrder } from '@/orders/moves/move-store'
import {
  changePayout,
  forgetOldPayoutCodes,
  hashPayoutCode,
  issuePayoutCode,
  PAYOUT_CODE_KEPT_HOURS,
  PAYOUT_CODE_MINUTES,
  PAYOUT_CODE_TRIES,
  PAYOUT_CODES_PER_HOUR,
  PAYOUT_HOLD_HOURS,
} from '@/orders/payout-change/payout-change'
import { openPayout, readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import type { BankDetails } from '@/payouts/bank/bank-transfer'
import { payoutMatch } from '@/payouts/payout-match'
import { orderQueuePage } from '@/orders/queue/order-queue'
import { countOrders, getOrder, placeOrder, type OrderRecord } from '@/orders/record/store'
import { raceForRow } from '../../support/row-lock-race'
import { withFileDatabase, type TestDatabase } from '../../support/test-database'

let db: Db
let home: TestDatabase
withFileDatabase((opened, where) => {
  db = opened
  home = where
})

const HOUR_MS = 60 * 60 * 1000
const SECRET = randomBytes(32).toString('base64')
const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const oldBank: BankDetails = { accountHolder: 'A Lovelace', sortCode: '30-94-30', accountNumber: '12345678' }
const newBank: BankDetails = { accountHolder: 'A King', sortCode: '20-00-00', accountNumber: '87654321' }
const mail = (kind: string, to: string) => ({ kind, to, subject: kind, text: kind, html: `<p>${kind}</p>` })

async function place(status = 'checked'): Promise<OrderRecord> {
  const email = `seller-${randomUUID().slice(0, 8)}@example.com`
  const placed = await placeOrder(db, {
    idempotencyKey: randomUUID(),
    requestHash: 'hash',
    userId: null,
    contact: {
      name: 'Ada Lovelace',
      email,
      phone: '07700 900123',
      addressLine1: '1 Lane',
      addressLine2: '',
      town: 'Leeds',
      postcode: 'LS1 4AP',
    },
    sealPayout: (reference) => sealPayout(oldBank, reference, keys),
    payoutMatch: payoutMatch(oldBank, keys),
    payoutLast4: '5678',
    marketingConsent: false,
    postagePack: false,
    termsRevision: 'terms',
    declarations: [],
    holdUntil: new Date(Date.now() + 14 * 24 * HOUR_MS),
    items: [
      {
        modelId: 'model-iphone-13',
        device: 'Apple iPhone 13 128GB',
        variantKey: '128gb',
        gradeKey: 'good',
        gradeName: 'Good',
        answers: {},
        pricePence: 21_500,
        catalogueRevision: 'rev',
      },
    ],
    basket: null,
    emails: () => [],
  })
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  await db.update(sellerOrder).set({ status }).where(eq(sellerOrder.id, placed.id))
  return (await getOrder(db, { id: placed.id }))!
}

/** Sends a code (the one given, so the test knows it) at `now`. */
const issue = (order: OrderRecord, code = '123456', now = new Date()) =>
  issuePayoutCode(db, {
    orderId: order.id,
    secret: SECRET,
    code,
    now,
    emails: (found, sent) => [mail(`code ${sent}`, found.email!)],
  })

const change = (order: OrderRecord, code: string, now = new Date(), details = newBank) =>
  changePayout(db, {
    orderId: order.id,
    code,
    details,
    secret: SECRET,
    seal: (bank, reference) => sealPayout(bank, reference, keys),
    match: (bank) => payoutMatch(bank, keys),
    now,
    emails: (found) => [mail('payoutChanged', found.email!), mail('payoutChangedStaff', 'hello@example.co.uk')],
  })

const codes = (order: OrderRecord) =>
  db
    .select()
    .from(payoutChangeCode)
    .where(eq(payoutChangeCode.orderId, order.id))
    .orderBy(asc(payoutChangeCode.createdAt))
const changeEvents = async (order: OrderRecord) =>
  (
    await db
      .select({ n: count() })
      .from(orderEvent)
      .where(and(eq(orderEvent.orderId, order.id), eq(orderEvent.action, 'change-payout')))
  )[0]!.n
const outbox = (order: OrderRecord) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).orderBy(asc(emailOutbox.createdAt))
const pay = (order: OrderRecord, now?: Date) =>
  moveOrder(db, {
    orderId: order.id,
    move: 'pay',
    actor: 'manager',
    expectedStatus: order.status,
    ...(now ? { now } : {}),
  })

describe('the code that confirms a change of bank details', () => {
  it('is kept only as a keyed hash bound to its order, and e-mailed with the order in one transaction', async () => {
    const order = await place()
    expect(await issue(order, '042917')).toMatchObject({ ok: true })
    const [row] = await codes(order)
    expect(row!.codeHash).not.toContain('042917')
    expect(row!.codeHash).toBe(hashPayoutCode(order.id, '042917', SECRET))
    // The same code for another order, or under another key, hashes differently.
    expect(hashPayoutCode(randomUUID(), '042917', SECRET)).not.toBe(row!.codeHash)
    expect(hashPayoutCode(order.id, '042917', 'another secret')).not.toBe(row!.codeHash)
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(PAYOUT_CODE_MINUTES * 60 * 1000)
    expect((await outbox(order)).map((email) => email.kind)).toEqual(['code 042917'])
  })

  it('replaces the sealed details, shows only the last four digits, holds the payout and records the change', async () => {
    const order = await place()
    await issue(order)
    const now = new Date()
    const changed = await change(order, '123456', now)
    expect(changed).toEqual({
      ok: true,
      last4: '4321',
      heldUntil: new Date(now.getTime() + PAYOUT_HOLD_HOURS * HOUR_MS),
    })
    const after = (await getOrder(db, { id: order.id }))!
    expect(after.payoutLast4).toBe('4321')
    expect(after.payoutSealed).not.toBe(order.payoutSealed)
    expect(openPayout(after.payoutSealed!, order.reference, keys)).toEqual(newBank)
    expect(after.payoutHeldUntil).toEqual(changed.ok && changed.heldUntil)
    expect(after.status).toBe('checked')
    const event = after.events.find((candidate) => candidate.action === 'change-payout')!
    expect(event).toMatchObject({ actor: 'seller', fromStatus: 'checked', toStatus: 'checked', reason: null })
    expect((await outbox(order)).map((email) => [email.kind, email.toAddress])).toEqual([
      ['code 123456', order.email],
      ['payoutChanged', order.email],
      ['payoutChangedStaff', 'hello@example.co.uk'],
    ])
  })

  it('works once: a replayed code changes nothing', async () => {
    const order = await place()
    await issue(order)
    expect(await change(order, '123456')).toMatchObject({ ok: true })
    const sealed = (await getOrder(db, { id: order.id }))!.payoutSealed
    expect(await change(order, '123456', new Date(), oldBank)).toEqual({ ok: false, reason: 'used' })
    expect((await getOrder(db, { id: order.id }))!.payoutSealed).toBe(sealed)
    expect(await changeEvents(order)).toBe(1)
  })

  it('refuses a wrong code, counts each try (the count is kept), and ends the code after the last', async () => {
    const order = await place()
    await issue(order)
    for (let tried = 1; tried < PAYOUT_CODE_TRIES; tried++) {
      expect(await change(order, '000000')).toEqual({
        ok: false,
        reason: 'wrong',
        triesLeft: PAYOUT_CODE_TRIES - tried,
      })
    }
    expect(await change(order, '000000')).toEqual({ ok: false, reason: 'spent' })
    // Even the right code is refused now: guessing cannot go on.
    expect(await change(order, '123456')).toEqual({ ok: false, reason: 'spent' })
    expect((await codes(order))[0]!.attempts).toBe(PAYOUT_CODE_TRIES)
    expect((await getOrder(db, { id: order.id }))!.payoutLast4).toBe('5678')
    expect(await changeEvents(order)).toBe(0)
  })

  it('expires', async () => {
    const order = await place()
    const sent = new Date(Date.now() - (PAYOUT_CODE_MINUTES * 60 * 1000 + 1000))
    await issue(order, '123456', sent)
    expect(await change(order, '123456')).toEqual({ ok: false, reason: 'expired' })
    expect((await getOrder(db, { id: order.id }))!.payoutLast4).toBe('5678')
  })

  it('counts only the newest code, and another order’s code never', async () => {
    const order = await place()
    const other = await place()
    await issue(order, '111111', new Date(Date.now() - 1000))
    await issue(order, '222222')
    await issue(other, '333333')
    expect(await change(order, '111111')).toMatchObject({ ok: false, reason: 'wrong' })
    expect(await change(order, '333333')).toMatchObject({ ok: false, reason: 'wrong' })
    expect(await change(order, '222222')).toMatchObject({ ok: true })
    expect((await getOrder(db, { id: other.id }))!.payoutLast4).toBe('5678')
  })

  it('changes nothing when any part of it fails: the code, the details, the history and the e-mails go together', async () => {
    const order = await place()
    await issue(order)
    await expect(
      changePayout(db, {
        orderId: order.id,
        code: '123456',
        details: newBank,
        secret: SECRET,
        seal: (bank, reference) => sealPayout(bank, reference, keys),
        match: (bank) => payoutMatch(bank, keys),
        emails: () => {
          throw new Error('the e-mail could not be written')
        },
      }),
    ).rejects.toThrow('the e-mail could not be written')
    const after = (await getOrder(db, { id: order.id }))!
    expect([after.payoutSealed, after.payoutLast4, after.payoutHeldUntil]).toEqual([order.payoutSealed, '5678', null])
    expect((await codes(order))[0]!.usedAt).toBeNull()
    expect(await changeEvents(order)).toBe(0)
    expect(await change(order, '123456')).toMatchObject({ ok: true })
  })

  it('is refused before any code was sent', async () => {
    const order = await place()
    expect(await change(order, '123456')).toEqual({ ok: false, reason: 'no-code' })
  })

  it(`is sent at most ${PAYOUT_CODES_PER_HOUR} times an hour for one order`, async () => {
    const order = await place()
    const now = new Date()
    for (let sent = 0; sent < PAYOUT_CODES_PER_HOUR; sent++)
      expect(await issue(order, '123456', now)).toMatchObject({ ok: true })
    expect(await issue(order, '123456', now)).toEqual({ ok: false, reason: 'too-many' })
    expect(await issue(order, '123456', new Date(now.getTime() + HOUR_MS + 1000))).toMatchObject({ ok: true })
  })
})

describe('old codes', () => {
  it('are forgotten a day after they were sent, and the newer ones kept', async () => {
    const order = await place()
    const now = new Date()
    await issue(order, '111111', new Date(now.getTime() - (PAYOUT_CODE_KEPT_HOURS * HOUR_MS + 1000)))
    await issue(order, '222222', new Date(now.getTime() - HOUR_MS))
    expect(await forgetOldPayoutCodes(db, now)).toBeGreaterThanOrEqual(1)
    expect((await codes(order)).map((row) => row.codeHash)).toEqual([hashPayoutCode(order.id, '222222', SECRET)])
  })
})

describe('a change after payment', () => {
  it.each(['paid', 'returning', 'returned', 'quarantined', 'closed'])(
    'is refused once the order is %s',
    async (status) => {
      const order = await place(status)
      expect(await issue(order)).toEqual({ ok: false, reason: 'closed' })
      // A code sent before payment does not work after it.
      await db.update(sellerOrder).set({ status: 'checked' }).where(eq(sellerOrder.id, order.id))
      await issue(order)
      await db.update(sellerOrder).set({ status }).where(eq(sellerOrder.id, order.id))
      expect(await change(order, '123456')).toEqual({ ok: false, reason: 'closed' })
      const after = (await getOrder(db, { id: order.id }))!
      expect(after.payoutLast4).toBe('5678')
      expect(after.payoutHeldUntil).toBeNull()
      // Nothing was used up either: the code is still as it was.
      expect((await codes(order)).at(-1)!.usedAt).toBeNull()
    },
  )

  // On PostgreSQL the two run at once on two connections, the one behind the other's row lock
  // (tests/support/row-lock-race.ts); each side sees exactly what the order was when it got the row.
  const events = async (order: OrderRecord, action: string) =>
    (await db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id))).filter(
      (event) => event.action === action,
    )

  it('is refused when the payment reached the order first: paid to the old account, nothing changed', async () => {
    const order = await place()
    await issue(order)
    const [paid, changed] = await raceForRow(
      home,
      'seller_order',
      order.id,
      () => pay(order),
      () => change(order, '123456'),
    )
    expect(paid).toEqual({ ok: true, from: 'checked', to: 'paid' })
    expect(changed).toEqual({ ok: false, reason: 'closed' })
    const after = (await getOrder(db, { id: order.id }))!
    expect(after.status).toBe('paid')
    expect(after.payoutLast4).toBe('5678')
    expect(after.payoutHeldUntil).toBeNull()
    expect(openPayout(after.payoutSealed!, order.reference, keys)).toEqual(oldBank)
    expect((await codes(order)).at(-1)!.usedAt).toBeNull()
    expect(await events(order, 'pay')).toHaveLength(1)
    expect(await changeEvents(order)).toBe(0)
    expect((await outbox(order)).map((one) => one.kind)).not.toContain('payoutChanged')
  })

  it('holds the payment when the change reached the order first: changed, and nothing paid', async () => {
    const order = await place()
    await issue(order)
    const [changed, paid] = await raceForRow(
      home,
      'seller_order',
      order.id,
      () => change(order, '123456'),
      () => pay(order),
    )
    expect(changed).toMatchObject({ ok: true, last4: '4321' })
    const heldUntil = (changed as { heldUntil: Date }).heldUntil
    expect(paid).toEqual({ ok: false, reason: 'payout-held', until: heldUntil })
    const after = (await getOrder(db, { id: order.id }))!
    expect(after.status).toBe('checked')
    expect(after.payoutLast4).toBe('4321')
    expect(after.payoutHeldUntil).toEqual(heldUntil)
    expect(openPayout(after.payoutSealed!, order.reference, keys)).toEqual(newBank)
    expect(await events(order, 'pay')).toEqual([])
    expect(await changeEvents(order)).toBe(1)
  })
})

describe('the payout hold', () => {
  it('refuses to pay until it ends, then pays', async () => {
    const order = await place('accepted')
    await issue(order)
    const now = new Date()
    await change(order, '123456', now)
    const until = new Date(now.getTime() + PAYOUT_HOLD_HOURS * HOUR_MS)
    expect(await pay(order)).toEqual({ ok: false, reason: 'payout-held', until })
    expect(await pay(order, new Date(until.getTime() - 1000))).toEqual({ ok: false, reason: 'payout-held', until })
    const after = (await getOrder(db, { id: order.id }))!
    expect(after.status).toBe('accepted')
    expect(after.events.filter((event) => event.action === 'pay')).toEqual([])
    expect(await pay(order, new Date(until.getTime() + 1000))).toEqual({ ok: true, from: 'accepted', to: 'paid' })
  })

  it('holds only paying: other moves go on', async () => {
    const order = await place('checked')
    await issue(order)
    await change(order, '123456')
    expect(
      await moveOrder(db, { orderId: order.id, move: 'requestReturn', actor: 'seller', expectedStatus: 'checked' }),
    ).toEqual({ ok: true, from: 'checked', to: 'returning' })
  })
})

describe('the staff list', () => {
  it('shows when a held payment may be made, and how many devices each order holds', async () => {
    const order = await place('checked')
    await issue(order)
    const changed = await change(order, '123456')
    const [row] = (await orderQueuePage(db, { search: { reference: order.reference } }, null)).rows
    expect(row).toMatchObject({
      reference: order.reference,
      items: 1,
      payoutHeldUntil: changed.ok && changed.heldUntil,
    })
    expect(await countOrders(db, 'checked')).toBeGreaterThanOrEqual(1)
  })
})
