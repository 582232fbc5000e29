import { randomBytes, randomUUID } from 'node:crypto'
import { asc, count, eq, inArray } from 'drizzle-orm'
import { addLine, createBasket, findBasket, type NewBasketLine } from '@/basket/store'
import type { Db } from '@/db/connection'
import { claimDueEmails, markEmailFailed, markEmailSent, RETRY_DELAYS_MS } from '@/mail/outbox-store'
import {
  findOrderByLookup,
  getOrder,
  placeOrder,
  type NewOrder,
  type NewOrderItem,
  type OrderRecord,
  type PlaceResult,
} from '@/orders/record/store'
import { moveOrder, type MoveRequest } from '@/orders/moves/move-store'
import { openPayout, readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { payoutMatch } from '@/payouts/payout-match'
import { newReference } from '@/orders/record/references'
import { emailOutbox, orderEvent, orderItem, sellerOrder, user } from '@/db/schema'
import { withFileDatabase } from '../../support/test-database'

// Lets a test hand placeOrder a reference that is already taken; every other draw is the real one.
jest.mock('@/orders/record/references', () => {
  const actual = jest.requireActual<typeof import('@/orders/record/references')>('@/orders/record/references')
  return { ...actual, newReference: jest.fn(actual.newReference) }
})
const drawReference = jest.mocked(newReference)
const realNewReference =
  jest.requireActual<typeof import('@/orders/record/references')>('@/orders/record/references').newReference

let db: Db
withFileDatabase((opened) => (db = opened))

const DAY_MS = 24 * 60 * 60 * 1000
const LEASE_MS = 5 * 60 * 1000
const REFERENCE = /^HB-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/
const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const bank = { accountHolder: 'A Lovelace', sortCode: '30-94-30', accountNumber: '12345678' }
const short = () => randomUUID().slice(0, 8)

const iphone: NewOrderItem = {
  modelId: 'model-iphone-13',
  device: 'Apple iPhone 13 128GB',
  variantKey: '128gb',
  gradeKey: 'good',
  gradeName: 'Good',
  answers: { powers_on: 'yes', screen: 'light-scratches' },
  pricePence: 21_500,
  catalogueRevision: 'rev-iphone-1',
}
const pixel: NewOrderItem = {
  ...iphone,
  modelId: 'model-pixel-8',
  device: 'Google Pixel 8 256GB',
  variantKey: '256gb',
  gradeKey: 'fair',
  gradeName: 'Fair',
  pricePence: 18_000,
  catalogueRevision: 'rev-pixel-7',
}

type Mail = { kind: string; to: string; subject: string; text: string; html: string }
const mail = (kind: string, to: string, reference: string): Mail => ({
  kind,
  to,
  subject: `${kind} ${reference}`,
  text: `Your order ${reference}`,
  html: `<p>Your order ${reference}</p>`,
})

function newOrder(over: Partial<NewOrder> = {}): NewOrder {
  const email = `ada-${short()}@example.com`
  return {
    idempotencyKey: randomUUID(),
    requestHash: 'hash-1',
    userId: null,
    contact: {
      name: 'Ada Lovelace',
      email,
      phone: '07700 900123',
      addressLine1: '10 Downing Street',
      addressLine2: '',
      town: 'London',
      postcode: 'SW1A 2AA',
    },
    sealPayout: (reference) => sealPayout(bank, reference, keys),
    payoutMatch: payoutMatch(bank, keys),
    payoutLast4: '5678',
    marketingConsent: false,
    postagePack: false,
    termsRevision: 'terms-3',
    declarations: ['declareAge', 'declareOwner', 'declareWiped', 'declareTerms'],
    holdUntil: new Date(Date.now() + 14 * DAY_MS),
    items: [iphone],
    basket: null,
    emails: ({ reference }) => [mail('orderConfirmation', email, reference)],
    ...over,
  }
}

async function place(over: Partial<NewOrder> = {}): Promise<OrderRecord> {
  const result = await placeOrder(db, newOrder(over))
  if (result.kind !== 'placed') throw new Error(`expected a new order, got ${result.kind}`)
  const order = await getOrder(db, { id: result.id })
  if (!order) throw new Error('the order placed is not there')
  return order
}

async function orderIdsWithKeys(idempotencyKeys: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(inArray(sellerOrder.idempotencyKey, idempotencyKeys))
  return rows.map((row) => row.id)
}

async function outboxFor(orderId: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(asc(emailOutbox.createdAt))
}

/** How many rows each order table holds: a rolled-back transaction leaves them all as they were. */
async function tableCounts() {
  const counted = await Promise.all(
    [sellerOrder, orderItem, orderEvent, emailOutbox].map((table) => db.select({ n: count() }).from(table)),
  )
  return counted.map(([row]) => row?.n)
}

function basketLineOf({ modelId, variantKey, gradeKey, answers, pricePence }: NewOrderItem): NewBasketLine {
  return { modelId, variantKey, gradeKey, answers, pricePence }
}

/** The basket as a checkout form shows it: its id and its lines with their quantities. */
async function confirmed(token: string): Promise<NewOrder['basket']> {
  const found = await findBasket(db, token)
  if (!found) throw new Error('no basket for the token')
  return { id: found.id, lines: found.lines.map(({ id, quantity }) => ({ id, quantity })) }
}

async function addStaff(role: 'staff' | 'manager') {
  const id = randomUUID()
  await db.insert(user).values({ id, name: `${role} ${short()}`, email: `${role}-${short()}@example.com`, role })
  return id
}

describe('placeOrder', () => {
  afterEach(() => {
    // Drops any taken reference a failed test left queued.
    drawReference.mockReset()
    drawReference.mockImplementation(realNewReference)
  })

  it('writes the order, its devices, its first event and its e-mail, and empties the basket', async () => {
    const basket = await createBasket(db)
    for (const item of [iphone, pixel]) {
      const added = await addLine(db, basket.id, basketLineOf(item), { limit: 10 })
      expect(added.status).toBe('added')
    }
    const order = newOrder({ items: [iphone, pixel], basket: await confirmed(basket.token), marketingConsent: true })
    const result = await placeOrder(db, order)
    expect(result).toEqual({ kind: 'placed', id: expect.any(String), reference: expect.stringMatching(REFERENCE) })
    const { id, reference } = result as Extract<PlaceResult, { kind: 'placed' }>

    const stored = await getOrder(db, { id })
    expect(stored).toMatchObject({
      reference,
      status: 'placed',
      totalPence: 39_500,
      email: order.contact.email,
      name: 'Ada Lovelace',
      phone: '07700 900123',
      addressLine1: '10 Downing Street',
      addressLine2: null,
      town: 'London',
      postcode: 'SW1A 2AA',
      payoutMethod: 'bank',
      payoutLast4: '5678',
      marketingConsent: true,
      termsRevision: 'terms-3',
      declarations: order.declarations,
      holdUntil: order.holdUntil,
      idempotencyKey: order.idempotencyKey,
      requestHash: 'hash-1',
      offerDeadline: null,
    })
    // Sealed for this order's reference: readable with it, with no account number in the clear.
    expect(stored?.payoutSealed).not.toContain('12345678')
    expect(openPayout(stored!.payoutSealed!, reference, keys)).toEqual(bank)
    expect(() => openPayout(stored!.payoutSealed!, 'HB-2222-2222', keys)).toThrow()

    // The price and catalogue revision as sold, one row per device, in the order given.
    expect(stored?.items).toEqual([
      expect.objectContaining({ position: 1, ...iphone, revisedPricePence: null }),
      expect.objectContaining({ position: 2, ...pixel, revisedPricePence: null }),
    ])
    expect(stored?.events).toEqual([
      expect.objectContaining({ actor: 'seller', action: 'place', fromStatus: 'placed', toStatus: 'placed' }),
    ])
    expect(await outboxFor(id)).toEqual([
      expect.objectContaining({
        kind: 'orderConfirmation',
        toAddress: order.contact.email,
        subject: `orderConfirmation ${reference}`,
        textBody: `Your order ${reference}`,
        htmlBody: `<p>Your order ${reference}</p>`,
        status: 'pending',
        attempts: 0,
      }),
    ])
    expect(await findBasket(db, basket.token)).toEqual({ id: basket.id, lines: [] })
  })

  it('refuses an order without devices', async () => {
    await expect(placeOrder(db, newOrder({ items: [] }))).rejects.toThrow(RangeError)
  })

  it('answers the same key and details again with the same order, placing nothing new', async () => {
    const order = newOrder()
    const first = await placeOrder(db, order)
    const emails = jest.fn(order.emails)
    const again = await placeOrder(db, { ...order, emails })
    expect(first.kind).toBe('placed')
    expect(again).toEqual({ ...first, kind: 'replayed' })
    expect(emails).not.toHaveBeenCalled()
    const ids = await orderIdsWithKeys([order.idempotencyKey])
    expect(ids).toHaveLength(1)
    const stored = await getOrder(db, { id: ids[0]! })
    expect(stored?.items).toHaveLength(1)
    expect(stored?.events).toHaveLength(1)
    expect(await outboxFor(ids[0]!)).toHaveLength(1)
  })

  it('refuses the same key sent with other details, keeping the first order as it was', async () => {
    const order = newOrder()
    const first = await placeOrder(db, order)
    const other = newOrder({ idempotencyKey: order.idempotencyKey, requestHash: 'hash-2', items: [pixel] })
    await expect(placeOrder(db, other)).resolves.toEqual({ kind: 'key-reused' })
    const ids = await orderIdsWithKeys([order.idempotencyKey])
    expect(ids).toEqual([(first as { id: string }).id])
    const stored = await getOrder(db, { id: ids[0]! })
    expect(stored).toMatchObject({ requestHash: 'hash-1', email: order.contact.email, totalPence: iphone.pricePence })
  })

  it('places 200 orders sent at once, each with its own reference', async () => {
    const orders = Array.from({ length: 200 }, () => newOrder())
    const results = await Promise.all(orders.map((order) => placeOrder(db, order)))
    expect(results.filter((result) => result.kind === 'placed')).toHaveLength(200)
    const references = new Set(results.map((result) => (result as { reference: string }).reference))
    expect(references.size).toBe(200)
    const ids = await orderIdsWithKeys(orders.map((order) => order.idempotencyKey))
    expect(ids).toHaveLength(200)
    const [items] = await db.select({ n: count() }).from(orderItem).where(inArray(orderItem.orderId, ids))
    const [mails] = await db.select({ n: count() }).from(emailOutbox).where(inArray(emailOutbox.orderId, ids))
    expect([items?.n, mails?.n]).toEqual([200, 200])
  }, 120_000)

  it('places one order for 20 requests sent at once with the same key', async () => {
    const order = newOrder()
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(db, order)))
    expect(results.filter((result) => result.kind === 'placed')).toHaveLength(1)
    expect(results.filter((result) => result.kind === 'replayed')).toHaveLength(19)
    expect(new Set(results.map((result) => (result as { reference: string }).reference)).size).toBe(1)
    const ids = await orderIdsWithKeys([order.idempotencyKey])
    expect(ids).toHaveLength(1)
    expect(await outboxFor(ids[0]!)).toHaveLength(1)
  }, 60_000)

  it('leaves no trace, and the basket as it was, when anything in the transaction fails', async () => {
    const basket = await createBasket(db)
    await addLine(db, basket.id, basketLineOf(iphone), { limit: 10 })
    const before = await tableCounts()
    const order = newOrder({
      basket: await confirmed(basket.token),
      emails: () => {
        throw new Error('the e-mail template is missing')
      },
    })
    await expect(placeOrder(db, order)).rejects.toThrow('the e-mail template is missing')
    expect(await tableCounts()).toEqual(before)
    expect(await orderIdsWithKeys([order.idempotencyKey])).toEqual([])
    const kept = await findBasket(db, basket.token)
    expect(kept?.lines).toEqual([expect.objectContaining({ modelId: iphone.modelId, quantity: 1 })])
  })

  it('draws another reference when the one drawn is taken', async () => {
    const taken = await place()
    drawReference.mockClear()
    drawReference.mockReturnValueOnce(taken.reference)
    const next = await place()
    expect(drawReference).toHaveBeenCalledTimes(2)
    expect(next.reference).not.toBe(taken.reference)
    expect(next.reference).toMatch(REFERENCE)
  })

  it('gives up after five taken references, placing nothing', async () => {
    const taken = await place()
    for (let i = 0; i < 5; i++) drawReference.mockReturnValueOnce(taken.reference)
    const order = newOrder()
    drawReference.mockClear()
    await expect(placeOrder(db, order)).rejects.toMatchObject({
      cause: { constraint: 'seller_order_reference_unique' },
    })
    expect(drawReference).toHaveBeenCalledTimes(5)
    expect(await orderIdsWithKeys([order.idempotencyKey])).toEqual([])
  })
})

describe('moveOrder', () => {
  const move = (order: OrderRecord, request: Omit<MoveRequest, 'orderId'>) =>
    moveOrder(db, { orderId: order.id, ...request })

  it('moves an allowed move and records who made it, from where, to where and why', async () => {
    const order = await place()
    const staffId = await addStaff('staff')
    const result = await move(order, {
      move: 'receive',
      actor: 'staff',
      actorUserId: staffId,
      expectedStatus: 'placed',
      reason: 'arrived by post',
    })
    expect(result).toEqual({ ok: true, from: 'placed', to: 'received' })
    const stored = await getOrder(db, { id: order.id })
    expect(stored?.status).toBe('received')
    expect(stored!.updatedAt.getTime()).toBeGreaterThanOrEqual(order.updatedAt.getTime())
    // When it entered "received": what queues sort by and the clock reads.
    expect(stored!.statusSince.getTime()).toBeGreaterThan(order.statusSince.getTime())
    expect(Math.abs(stored!.statusSince.getTime() - stored!.events.at(-1)!.at.getTime())).toBeLessThan(1000)
    expect(stored?.events.at(-1)).toMatchObject({
      actor: 'staff',
      actorUserId: staffId,
      action: 'receive',
      fromStatus: 'placed',
      toStatus: 'received',
      reason: 'arrived by post',
    })
    expect(stored?.events).toHaveLength(2)
  })

  it('sets the columns and devices a move records, and no device of another order', async () => {
    const other = await place()
    const order = await place({ items: [iphone, pixel] })
    await move(order, { move: 'receive', actor: 'staff', expectedStatus: 'placed' })
    await move(order, { move: 'check', actor: 'staff', expectedStatus: 'received' })
    const deadline = new Date(Date.now() + 7 * DAY_MS)
    const result = await move(order, {
      move: 'revise',
      actor: 'manager',
      expectedStatus: 'checked',
      set: { offerDeadline: deadline },
      items: [
        { id: order.items[1]!.id, set: { revisedPricePence: 12_000, revisedReason: 'cracked back' } },
        { id: other.items[0]!.id, set: { revisedPricePence: 1 } },
      ],
    })
    expect(result).toEqual({ ok: true, from: 'checked', to: 'revised' })
    const stored = await getOrder(db, { id: order.id })
    expect(stored?.offerDeadline).toEqual(deadline)
    expect(stored?.items.map((item) => item.revisedPricePence)).toEqual([null, 12_000])
    expect((await getOrder(db, { id: other.id }))?.items[0]?.revisedPricePence).toBeNull()
  })

  it('changes nothing when the order has moved on since the actor saw it, and says where it is', async () => {
    const order = await place()
    await move(order, { move: 'receive', actor: 'staff', expectedStatus: 'placed' })
    const before = await getOrder(db, { id: order.id })
    const emails = jest.fn(() => [mail('cancelled', order.email!, order.reference)])
    const result = await move(order, { move: 'cancel', actor: 'seller', expectedStatus: 'placed', emails })
    expect(result).toEqual({ ok: false, reason: 'moved', status: 'received' })
    expect(await getOrder(db, { id: order.id })).toEqual(before)
    expect(emails).not.toHaveBeenCalled()
    expect(await outboxFor(order.id)).toHaveLength(1)
  })

  it('lets exactly one of two moves made at once from the same status through', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await place()
      const results = await Promise.all([
        move(order, { move: 'receive', actor: 'staff', expectedStatus: 'placed' }),
        move(order, { move: 'cancel', actor: 'seller', expectedStatus: 'placed' }),
      ])
      const winners = results.filter((result) => result.ok)
      expect(winners).toHaveLength(1)
      const to = (winners[0] as { to: string }).to
      expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: 'moved', status: to })
      const stored = await getOrder(db, { id: order.id })
      expect(stored?.status).toBe(to)
      expect(stored?.events.filter((event) => event.fromStatus !== event.toStatus)).toHaveLength(1)
    }
  })

  it.each([
    ['the seller pays', { move: 'pay', actor: 'seller', expectedStatus: 'placed' }],
    ['a member of staff pays', { move: 'pay', actor: 'staff', expectedStatus: 'placed' }],
    ['staff accept for the seller', { move: 'accept', actor: 'staff', expectedStatus: 'placed' }],
    ['a manager expires an order', { move: 'expire', actor: 'manager', expectedStatus: 'placed' }],
  ] as const)('refuses a move the actor may not make: %s', async (_label, request) => {
    const order = await place()
    await expect(move(order, request)).resolves.toEqual({ ok: false, reason: 'not-allowed' })
    const stored = await getOrder(db, { id: order.id })
    expect(stored?.status).toBe('placed')
    expect(stored?.events).toHaveLength(1)
  })

  it('answers not-found for an order that does not exist', async () => {
    const request = { move: 'receive', actor: 'staff', expectedStatus: 'placed' } as const
    await expect(moveOrder(db, { orderId: randomUUID(), ...request })).resolves.toEqual({
      ok: false,
      reason: 'not-found',
    })
    await expect(moveOrder(db, { orderId: 'not-a-uuid', ...request })).resolves.toEqual({
      ok: false,
      reason: 'not-found',
    })
  })

  it('queues the e-mails of a move, written from the order as it is after the move', async () => {
    const order = await place()
    const emails = jest.fn((current: OrderRecord) => [mail(`now-${current.status}`, current.email!, current.reference)])
    await expect(move(order, { move: 'cancel', actor: 'seller', expectedStatus: 'placed', emails })).resolves.toEqual({
      ok: true,
      from: 'placed',
      to: 'cancelled',
    })
    expect(emails).toHaveBeenCalledTimes(1)
    expect((await outboxFor(order.id)).map((row) => [row.kind, row.toAddress])).toEqual([
      ['orderConfirmation', order.email],
      ['now-cancelled', order.email],
    ])
  })

  it('undoes the move when its e-mails cannot be written: the move and its e-mails are one transaction', async () => {
    const order = await place()
    const failing = () => {
      throw new Error('no template')
    }
    await expect(
      move(order, { move: 'cancel', actor: 'seller', expectedStatus: 'placed', emails: failing }),
    ).rejects.toThrow('no template')
    const stored = await getOrder(db, { id: order.id })
    expect(stored?.status).toBe('placed')
    expect(stored?.events).toHaveLength(1)
    expect(await outboxFor(order.id)).toHaveLength(1)
  })
})

describe('findOrderByLookup', () => {
  it('finds an order by its reference with its e-mail address, in any case, or its postcode', async () => {
    const order = await place()
    const email = order.email!
    await expect(findOrderByLookup(db, order.reference, { email })).resolves.toBe(order.id)
    await expect(findOrderByLookup(db, order.reference, { email: email.toUpperCase() })).resolves.toBe(order.id)
    await expect(findOrderByLookup(db, order.reference, { postcode: 'SW1A 2AA' })).resolves.toBe(order.id)
  })

  it('answers null for any other pair, and for an unknown reference', async () => {
    const order = await place()
    const other = await place({ contact: { ...newOrder().contact, postcode: 'M1 1AE' } })
    await expect(findOrderByLookup(db, order.reference, { email: other.email! })).resolves.toBeNull()
    await expect(findOrderByLookup(db, order.reference, { postcode: 'M1 1AE' })).resolves.toBeNull()
    await expect(findOrderByLookup(db, other.reference, { email: order.email! })).resolves.toBeNull()
    await expect(findOrderByLookup(db, 'HB-2222-2222', { email: order.email! })).resolves.toBeNull()
    await expect(findOrderByLookup(db, 'HB-2222-2222', { postcode: 'SW1A 2AA' })).resolves.toBeNull()
  })

  it('does not find an order whose e-mail address was erased, by postcode either', async () => {
    const order = await place()
    await db.update(sellerOrder).set({ email: null }).where(eq(sellerOrder.id, order.id))
    await expect(findOrderByLookup(db, order.reference, { postcode: 'SW1A 2AA' })).resolves.toBeNull()
    await expect(findOrderByLookup(db, order.reference, { email: order.email! })).resolves.toBeNull()
  })
})

describe('the e-mail outbox', () => {
  // The outbox is shared by the whole file: each test starts from an empty one.
  beforeEach(async () => {
    await db.delete(emailOutbox)
  })
  const at = (start: Date, ms: number) => new Date(start.getTime() + ms)

  it('leases what it claims, so a second claim gets nothing until the lease runs out', async () => {
    const order = await place()
    const now = at(new Date(), 1_000)
    const claimed = await claimDueEmails(db, now)
    expect(claimed).toEqual([
      {
        id: expect.any(String),
        kind: 'orderConfirmation',
        attempts: 1,
        to: order.email,
        subject: `orderConfirmation ${order.reference}`,
        text: `Your order ${order.reference}`,
        html: `<p>Your order ${order.reference}</p>`,
        // An order e-mail answers to us, and is no subscriber's to unsubscribe from.
        replyTo: null,
        listUnsubscribe: null,
      },
    ])
    await expect(claimDueEmails(db, now)).resolves.toEqual([])
    await expect(claimDueEmails(db, at(now, LEASE_MS - 1))).resolves.toEqual([])
    const retried = await claimDueEmails(db, at(now, LEASE_MS))
    expect(retried).toEqual([expect.objectContaining({ id: claimed[0]!.id, attempts: 2 })])
  })

  it('gives each message to one of two senders claiming at once', async () => {
    for (let i = 0; i < 6; i++) await place()
    const now = at(new Date(), 1_000)
    const [first, second] = await Promise.all([claimDueEmails(db, now, 4), claimDueEmails(db, now, 4)])
    const ids = [...first!, ...second!].map((message) => message.id)
    expect(ids).toHaveLength(6)
    expect(new Set(ids).size).toBe(6)
  })

  it('does not claim a message not yet due', async () => {
    await place()
    await expect(claimDueEmails(db, new Date(Date.now() - 60_000))).resolves.toEqual([])
  })

  it('retries a failed message after each delay in turn, then marks it failed', async () => {
    await place()
    let now = at(new Date(), 1_000)
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      const [message] = await claimDueEmails(db, now)
      expect(message?.attempts).toBe(index + 1)
      await markEmailFailed(db, message!, 'Error ECONNREFUSED', now)
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, message!.id))
      expect(row).toMatchObject({ status: 'pending', lastError: 'Error ECONNREFUSED', nextAttemptAt: at(now, delay) })
      await expect(claimDueEmails(db, at(now, delay - 1))).resolves.toEqual([])
      now = at(now, delay)
    }
    const [last] = await claimDueEmails(db, now)
    expect(last?.attempts).toBe(RETRY_DELAYS_MS.length + 1)
    await markEmailFailed(db, last!, 'Error ETIMEDOUT', now)
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, last!.id))
    expect(row).toMatchObject({ status: 'failed', lastError: 'Error ETIMEDOUT', sentAt: null })
    await expect(claimDueEmails(db, at(now, 365 * DAY_MS))).resolves.toEqual([])
  })

  it('marks a message sent, clearing the last error, and never sends it again', async () => {
    await place()
    const now = at(new Date(), 1_000)
    const [message] = await claimDueEmails(db, now)
    await markEmailFailed(db, message!, 'Error ECONNRESET', now)
    const [again] = await claimDueEmails(db, at(now, RETRY_DELAYS_MS[0]!))
    await expect(markEmailSent(db, again!)).resolves.toBe(true)
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, again!.id))
    expect(row).toMatchObject({ status: 'sent', lastError: null, attempts: 2 })
    expect(row?.sentAt).toBeInstanceOf(Date)
    await expect(claimDueEmails(db, at(now, 365 * DAY_MS))).resolves.toEqual([])
  })

  it('lets a sender whose claim ran out and was taken again record nothing: the newer claim decides', async () => {
    await place()
    const now = at(new Date(), 1_000)
    const [slow] = await claimDueEmails(db, now)
    // The slow sender's lease runs out; another instance claims the message and sends it.
    const [fast] = await claimDueEmails(db, at(now, 6 * 60_000))
    expect(fast?.id).toBe(slow!.id)
    await expect(markEmailSent(db, fast!)).resolves.toBe(true)
    await expect(markEmailFailed(db, slow!, 'Error ETIMEDOUT', at(now, 7 * 60_000))).resolves.toBe(false)
    await expect(markEmailSent(db, slow!)).resolves.toBe(false)
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, slow!.id))
    expect(row).toMatchObject({ status: 'sent', lastError: null, attempts: 2 })
  })
})
