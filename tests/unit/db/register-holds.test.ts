import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderItem, sellerOrder, user } from '@/db/schema'
import { clearCaution } from '@/orders/holds/caution-store'
import { HOLD_EVENTS } from '@/orders/holds/hold-input'
import { rechecksOf, recordRecheck } from '@/orders/holds/recheck-store'
import { holdGuard } from '@/orders/moves/hold-guards'
import { moveOrder } from '@/orders/moves/move-store'
import { flagIfFailed } from '@/orders/moves/register-checks'
import { readyOrders } from '@/orders/payment-runs/payment-runs'
import { orderMail } from '@/orders/record/mail'
import type { MoveName } from '@/orders/record/lifecycle'
import { getOrder, placeOrder } from '@/orders/record/store'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { askRegister, payBlock } from '@/register/checks'
import type { RegisterResult, StolenDeviceRegister } from '@/register/client'
import { sampleOrder } from '../../support/order-fixtures'
import { raceForRow } from '../../support/row-lock-race'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase, type TestDatabase } from '../../support/test-database'
import { seedCheckoutWords } from '../../support/seed-email-loaders'

/**
 * A register caution a manager clears, and a hold that can end: the devices checked again, then
 * released to be paid, sent back or kept for the police. Each a guarded update with its event, on
 * PGlite and on a PostgreSQL server, where two people at once meet for real.
 */
let db: Db
let home: TestDatabase
withFileDatabase((opened, folder) => {
  db = opened
  home = folder
})

process.env.BETTER_AUTH_SECRET ??= 'register-holds-test-secret-0123456789abcdef'
const mail = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const PHONE = '490154203237518'
const TABLET = 'DMPXK2ABCD12'
const SECOND = 1000

type Member = { id: string; name: string; role: 'staff' | 'manager' }
async function addUser(name: string, role: Member['role']): Promise<Member> {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role } as typeof user.$inferInsert)
  return { id, name, role }
}
let staff: Member
let manager: Member
let otherManager: Member
beforeAll(async () => {
  staff = await addUser('Sid Staff', 'staff')
  manager = await addUser('Maya Manager', 'manager')
  otherManager = await addUser('Mo Manager', 'manager')
})

/** A register answering each device as the test says, with a certificate of the test's choosing. */
function register(answers: Record<string, RegisterResult | 'down'>, certificate = 'A'): StolenDeviceRegister {
  return {
    async check(deviceId) {
      const result = answers[deviceId]
      return result && result !== 'down'
        ? { ok: true, result, certificateId: `SR${certificate}${deviceId.slice(-6)}`, checkedAt: new Date() }
        : { ok: false, reason: 'unavailable' }
    },
  }
}

/** A phone and a tablet with sealed bank details, received and checked while the register answered `answers`. */
async function checkedWhile(answers: Record<string, RegisterResult>) {
  const base = sampleOrder()
  const placed = await placeOrder(
    db,
    sampleOrder({
      items: [base.items[0]!, { ...base.items[0]!, device: 'Apple iPad 9th gen 64GB', modelId: 'model-ipad-9' }],
      sealPayout: (reference) =>
        sealPayout({ accountHolder: 'Sam Seller', sortCode: '30-94-11', accountNumber: '12345678' }, reference, keys),
      emails: () => [],
    }),
  )
  if (placed.kind !== 'placed') throw new Error('not placed')
  const order = (await getOrder(db, { id: placed.id }))!
  await moveOrder(db, { orderId: order.id, move: 'receive', actor: 'staff', expectedStatus: 'placed' })
  const fields = await askRegister(register(answers), [PHONE, TABLET])
  await moveOrder(db, {
    orderId: order.id,
    move: 'check',
    actor: 'staff',
    expectedStatus: 'received',
    items: order.items.map((item, index) => ({
      id: item.id,
      set: { foundGradeKey: 'good', foundGradeName: 'Good', imei: [PHONE, TABLET][index]!, ...fields[index] },
    })),
  })
  await flagIfFailed(db, order.id, mail)
  return order.id
}

/** A phone the register failed and a tablet it passed: the order quarantined by itself. */
const heldOrder = () => checkedWhile({ [PHONE]: 'fail', [TABLET]: 'pass' })

const read = async (id: string) => (await getOrder(db, { id }))!
const eventsOf = async (id: string, action: string) =>
  db
    .select()
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, id), eq(orderEvent.action, action)))
const mailsOf = async (orderId: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).map((row) => row.kind)
/** The register's answer after a moment, so an answer is told from one given before. */
const later = () => new Promise((resolve) => setTimeout(resolve, 5))

/** Staff check every device of a held order again, as the page's form does, having seen `seen` checks again. */
async function recheck(id: string, answers: Record<string, RegisterResult | 'down'>, certificate = 'B', seen?: number) {
  await later()
  const order = await read(id)
  const fields = await askRegister(
    register(answers, certificate),
    order.items.map((item) => item.imei!),
  )
  return recordRecheck(db, {
    orderId: id,
    seen: seen ?? (await rechecksOf(db, id)),
    answers: order.items.map((item, index) => ({ itemId: item.id, device: item.device, set: fields[index]! })),
    actor: staff.role,
    actorUserId: staff.id,
  })
}

/** A move out of quarantine as the staff form makes it: its guard in the update, its e-mail beside. */
function endHold(id: string, move: MoveName, reason: string | null = null, actor: Member = staff) {
  return moveOrder(db, {
    orderId: id,
    move,
    actor: actor.role,
    actorUserId: actor.id,
    expectedStatus: 'quarantined',
    reason,
    guard: holdGuard(move, new Date()),
    emails: (current) =>
      move === 'release'
        ? orderMail('released', current, mail)
        : move === 'returnHeld'
          ? orderMail('heldReturned', current, mail)
          : [],
  })
}

const clear = (id: string, itemId: string, certificate: string, by: Member = manager, reason = 'Finance settled') =>
  clearCaution(db, { orderId: id, itemId, certificate, reason, manager: by })

describe('a caution a manager clears', () => {
  it('is kept on the device and in the history, and the device then counts as passed for every payment', async () => {
    const id = await checkedWhile({ [PHONE]: 'pass', [TABLET]: 'caution' })
    const before = await read(id)
    expect(before.status).toBe('checked')
    expect(payBlock(before.items, new Date())).toBe('registerNotPassed')
    expect((await readyOrders(db)).map((ready) => ready.id)).not.toContain(id)

    const tablet = before.items[1]!
    expect(await clear(id, tablet.id, tablet.registerCertificate!)).toEqual({ ok: true })
    const after = await read(id)
    expect(after.items[1]).toMatchObject({
      registerResult: 'caution',
      cautionClearedBy: manager.id,
      cautionClearedReason: 'Finance settled',
      cautionClearedCertificate: tablet.registerCertificate,
    })
    expect(after.items[1]!.cautionClearedAt).toBeInstanceOf(Date)
    const [event] = await eventsOf(id, HOLD_EVENTS.clearCaution)
    expect(event).toMatchObject({
      actor: 'manager',
      actorUserId: manager.id,
      actorName: 'Maya Manager',
      fromStatus: 'checked',
      toStatus: 'checked',
      reason: `Apple iPad 9th gen 64GB, ${tablet.registerCertificate}: Finance settled`,
    })
    await later()
    // Paying one by hand and a payment run agree: the order is ready.
    expect(payBlock(after.items, new Date())).toBeNull()
    expect((await readyOrders(db)).map((ready) => ready.id)).toContain(id)
  })

  it('is refused to a member of staff who is not a manager, and nothing changes', async () => {
    const id = await checkedWhile({ [PHONE]: 'caution', [TABLET]: 'pass' })
    const phone = (await read(id)).items[0]!
    expect(await clear(id, phone.id, phone.registerCertificate!, staff)).toEqual({ ok: false, reason: 'not-allowed' })
    expect((await read(id)).items[0]!.cautionClearedAt).toBeNull()
    expect(await eventsOf(id, HOLD_EVENTS.clearCaution)).toHaveLength(0)
  })

  it('replayed after it was cleared changes nothing, and records nothing more', async () => {
    const id = await checkedWhile({ [PHONE]: 'caution', [TABLET]: 'pass' })
    const phone = (await read(id)).items[0]!
    expect(await clear(id, phone.id, phone.registerCertificate!)).toEqual({ ok: true })
    const cleared = (await read(id)).items[0]!
    expect(await clear(id, phone.id, phone.registerCertificate!, otherManager, 'Another reason')).toEqual({
      ok: false,
      reason: 'already-cleared',
    })
    expect((await read(id)).items[0]).toMatchObject({
      cautionClearedBy: manager.id,
      cautionClearedReason: 'Finance settled',
      cautionClearedAt: cleared.cautionClearedAt,
    })
    expect(await eventsOf(id, HOLD_EVENTS.clearCaution)).toHaveLength(1)
  })

  it('clears only the certificate looked up: a device that passed, failed or was answered again is not cleared', async () => {
    const id = await checkedWhile({ [PHONE]: 'pass', [TABLET]: 'caution' })
    const [phone, tablet] = (await read(id)).items
    expect(await clear(id, phone!.id, phone!.registerCertificate!)).toEqual({ ok: false, reason: 'already-cleared' })
    expect(await clear(id, tablet!.id, 'SR-SOMETHING-ELSE')).toEqual({ ok: false, reason: 'already-cleared' })
    expect(await clear(id, tablet!.id, tablet!.registerCertificate!)).toEqual({ ok: true })
    // The register answers with another record later: the old clearing does not pass it.
    await db
      .update(orderItem)
      .set({ registerCertificate: 'SRNEW0000001', registerCheckedAt: new Date(Date.now() - SECOND) })
      .where(eq(orderItem.id, tablet!.id))
    await later()
    expect(payBlock((await read(id)).items, new Date())).toBe('registerNotPassed')
    expect((await readyOrders(db)).map((ready) => ready.id)).not.toContain(id)
  })

  it('is refused once the order is past paying (sent back, closed)', async () => {
    const id = await checkedWhile({ [PHONE]: 'caution', [TABLET]: 'pass' })
    await moveOrder(db, { orderId: id, move: 'requestReturn', actor: 'seller', expectedStatus: 'checked' })
    const phone = (await read(id)).items[0]!
    expect(await clear(id, phone.id, phone.registerCertificate!)).toEqual({
      ok: false,
      reason: 'moved',
      status: 'returning',
    })
  })

  it('cleared by two managers at once is cleared once', async () => {
    const id = await checkedWhile({ [PHONE]: 'caution', [TABLET]: 'pass' })
    const phone = (await read(id)).items[0]!
    const results = await raceForRow(
      home,
      'seller_order',
      id,
      () => clear(id, phone.id, phone.registerCertificate!, manager),
      () => clear(id, phone.id, phone.registerCertificate!, otherManager),
    )
    expect(results).toEqual([{ ok: true }, { ok: false, reason: 'already-cleared' }])
    expect(await eventsOf(id, HOLD_EVENTS.clearCaution)).toHaveLength(1)
  })
})

describe('a held order checked again', () => {
  it('records every new answer and certificate, and the history, once under a double click', async () => {
    const id = await heldOrder()
    expect((await read(id)).status).toBe('quarantined')
    const seen = await rechecksOf(db, id)
    expect(await recheck(id, { [PHONE]: 'pass', [TABLET]: 'pass' }, 'B', seen)).toEqual({ ok: true })
    // The same form posted again: nothing more is asked or recorded.
    expect(await recheck(id, { [PHONE]: 'fail', [TABLET]: 'fail' }, 'C', seen)).toEqual({
      ok: false,
      reason: 'already-checked',
    })
    const order = await read(id)
    expect(order.items.map((item) => [item.registerResult, item.registerCertificate])).toEqual([
      ['pass', `SRB${PHONE.slice(-6)}`],
      ['pass', `SRB${TABLET.slice(-6)}`],
    ])
    const events = await eventsOf(id, HOLD_EVENTS.recheck)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ actor: 'staff', actorUserId: staff.id, fromStatus: 'quarantined' })
    expect(events[0]!.reason).toContain(`pass SRB${PHONE.slice(-6)}`)
  })

  it('records nothing when the register does not answer for every device', async () => {
    const id = await heldOrder()
    const before = await read(id)
    expect(await recheck(id, { [PHONE]: 'pass', [TABLET]: 'down' })).toEqual({ ok: false, reason: 'register-down' })
    expect((await read(id)).items.map((item) => item.registerResult)).toEqual(
      before.items.map((item) => item.registerResult),
    )
    expect(await eventsOf(id, HOLD_EVENTS.recheck)).toHaveLength(0)
  })

  it('is only for a held order', async () => {
    const id = await checkedWhile({ [PHONE]: 'pass', [TABLET]: 'pass' })
    expect(await recheck(id, { [PHONE]: 'pass', [TABLET]: 'pass' })).toEqual({
      ok: false,
      reason: 'moved',
      status: 'checked',
    })
  })
})

describe('a hold that ends', () => {
  it('is released to be paid only once every device passed a check made since the hold began', async () => {
    const id = await heldOrder()
    // The tablet passed before the hold: not enough, and the phone still fails.
    expect(await endHold(id, 'release')).toEqual({ ok: false, reason: 'guard-refused' })
    await recheck(id, { [PHONE]: 'fail', [TABLET]: 'pass' })
    expect(await endHold(id, 'release')).toEqual({ ok: false, reason: 'guard-refused' })
    await recheck(id, { [PHONE]: 'pass', [TABLET]: 'pass' })
    await later()
    expect(await endHold(id, 'release', 'Cleared by the network')).toMatchObject({ ok: true, to: 'checked' })
    const order = await read(id)
    expect(order.status).toBe('checked')
    expect(order.events.at(-1)).toMatchObject({
      action: 'release',
      actor: 'staff',
      actorUserId: staff.id,
      fromStatus: 'quarantined',
      toStatus: 'checked',
      reason: 'Cleared by the network',
    })
    expect(await mailsOf(id)).toEqual(['quarantined', 'released'])
    const [released] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, id), eq(emailOutbox.kind, 'released')))
    expect(released!.textBody).toContain(`certificate SRB${PHONE.slice(-6)}`)
    // Paid like any checked order: the runs find it.
    expect((await readyOrders(db)).map((ready) => ready.id)).toContain(id)
    // A second click: the order has moved on.
    expect(await endHold(id, 'release')).toEqual({ ok: false, reason: 'moved', status: 'checked' })
  })

  it('is released after a caution found on checking again is cleared by a manager in the hold', async () => {
    const id = await heldOrder()
    await recheck(id, { [PHONE]: 'caution', [TABLET]: 'pass' })
    expect(await endHold(id, 'release')).toEqual({ ok: false, reason: 'guard-refused' })
    const phone = (await read(id)).items[0]!
    expect(await clear(id, phone.id, phone.registerCertificate!)).toEqual({ ok: true })
    await later()
    expect(await endHold(id, 'release')).toMatchObject({ ok: true, to: 'checked' })
  })

  it('does not count a caution cleared before the order was held: staff held it after all', async () => {
    const id = await checkedWhile({ [PHONE]: 'caution', [TABLET]: 'pass' })
    const phone = (await read(id)).items[0]!
    await clear(id, phone.id, phone.registerCertificate!)
    await later()
    await moveOrder(db, {
      orderId: id,
      move: 'quarantine',
      actor: 'staff',
      expectedStatus: 'checked',
      reason: 'Record says stolen',
    })
    // Checked again: the same record, the clearing older than the hold.
    await recheck(id, { [PHONE]: 'caution', [TABLET]: 'pass' }, 'A')
    expect((await read(id)).items[0]!.registerCertificate).toBe(phone.registerCertificate)
    expect(await endHold(id, 'release')).toEqual({ ok: false, reason: 'guard-refused' })
  })

  it('sends the device back only once none is reported lost or stolen, as the terms say', async () => {
    const id = await heldOrder()
    expect(await endHold(id, 'returnHeld', 'Seller asked')).toEqual({ ok: false, reason: 'guard-refused' })
    await recheck(id, { [PHONE]: 'fail', [TABLET]: 'pass' })
    expect(await endHold(id, 'returnHeld', 'Seller asked')).toEqual({ ok: false, reason: 'guard-refused' })
    await recheck(id, { [PHONE]: 'caution', [TABLET]: 'pass' })
    expect(await endHold(id, 'returnHeld', 'Finance still owed')).toMatchObject({ ok: true, to: 'returning' })
    expect(await mailsOf(id)).toEqual(['quarantined', 'heldReturned'])
    expect((await read(id)).events.at(-1)).toMatchObject({ action: 'returnHeld', reason: 'Finance still owed' })
  })

  it('is kept for the police with their reference, whatever the register says', async () => {
    const id = await heldOrder()
    expect(await endHold(id, 'keepForPolice', 'Met Police CAD 4471/26')).toMatchObject({ ok: true, to: 'closed' })
    const order = await read(id)
    expect(order.status).toBe('closed')
    expect(order.events.at(-1)).toMatchObject({
      action: 'keepForPolice',
      fromStatus: 'quarantined',
      toStatus: 'closed',
      reason: 'Met Police CAD 4471/26',
    })
    expect(await mailsOf(id)).toEqual(['quarantined'])
  })

  it('ends once when staff release it and keep it for the police at the same moment', async () => {
    const id = await heldOrder()
    await recheck(id, { [PHONE]: 'pass', [TABLET]: 'pass' })
    await later()
    const [released, kept] = await raceForRow(
      home,
      'seller_order',
      id,
      () => endHold(id, 'release'),
      () => endHold(id, 'keepForPolice', 'Police want it'),
    )
    expect(released).toMatchObject({ ok: true, to: 'checked' })
    expect(kept).toEqual({ ok: false, reason: 'moved', status: 'checked' })
    const moves = (await read(id)).events.filter((event) => event.fromStatus === 'quarantined')
    expect(moves.map((event) => event.action)).toEqual(['register-recheck', 'release'])
  })

  it('is not released when a recheck that finds a fail commits first', async () => {
    const id = await heldOrder()
    await recheck(id, { [PHONE]: 'pass', [TABLET]: 'pass' })
    await later()
    // A second check commits a fail between the page being drawn and the release being posted.
    const [checked, released] = await raceForRow(
      home,
      'seller_order',
      id,
      () => recheck(id, { [PHONE]: 'fail', [TABLET]: 'pass' }, 'C', 1),
      () => endHold(id, 'release'),
    )
    expect(checked).toEqual({ ok: true })
    expect(released).toEqual({ ok: false, reason: 'guard-refused' })
    expect((await db.select().from(sellerOrder).where(eq(sellerOrder.id, id)))[0]!.status).toBe('quarantined')
  })
})
