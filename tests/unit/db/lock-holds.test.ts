import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderLockHold, sellerOrder, user } from '@/db/schema'
import { getOrder, placeOrder } from '@/orders/record/store'
import { readOrderToken } from '@/orders/record/order-token'
import { moveOrder } from '@/orders/moves/move-store'
import { noOpenLockHold } from '@/orders/lock-hold/lock-guard'
import { LOCK_EVENTS } from '@/orders/locks/lock-input'
import { applyLockDeadlines, releaseLockHold, sellerRemovedLock } from '@/orders/locks/lock-store'
import { holdForLock, holdForLockInTx, type LockContext } from '@/orders/lock-hold/lock-hold'
import { NO_CLOSED_DAYS } from '@/orders/record/working-days'
import { orderQueuePage } from '@/orders/queue/order-queue'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { seedCheckoutWords } from '../../support/seed-email-loaders'
import { withFileDatabase } from '../../support/test-database'

/**
 * Locks held, not refused: staff hold a received order for an activation lock (in a transaction of
 * their own or another move's), the seller is e-mailed the steps with a signed button, their press
 * is recorded once (someone else's changes nothing), staff release it and check, or past the
 * editors' deadline the device goes back free, once however often the job runs. PGlite and PostgreSQL.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

process.env.BETTER_AUTH_SECRET ??= 'lock-holds-test-secret-0123456789abcdef'

const context: LockContext = {
  lockWorkingDays: 10,
  calendar: NO_CLOSED_DAYS,
  mail: {
    copy: seedWithFacts('emailCopy') as EmailCopy,
    origin: 'https://shop.example',
    reviewUrl: 'https://reviews.example/handback',
    checkout: seedCheckoutWords(),
  },
}
// A Tuesday morning in London: ten working days on is the Tuesday two weeks later.
const HELD_AT = new Date('2026-11-03T10:00:00Z')
const DEADLINE = new Date('2026-11-17T10:00:00Z')

let staffId: string
beforeAll(async () => {
  staffId = randomUUID()
  await db.insert(user).values({
    id: staffId,
    name: 'Lou Locks',
    email: `${staffId}@example.com`,
    role: 'staff',
  } as typeof user.$inferInsert)
})

/** A received order of one Apple device. */
async function received() {
  const result = await placeOrder(db, sampleOrder({ emails: () => [] }))
  if (result.kind !== 'placed') throw new Error(result.kind)
  await db.update(sellerOrder).set({ status: 'received' }).where(eq(sellerOrder.id, result.id))
  return (await getOrder(db, { id: result.id }))!
}

const hold = (order: { id: string; items: Array<{ id: string }> }, now = HELD_AT) =>
  holdForLock(
    db,
    { orderId: order.id, itemIds: order.items.map((item) => item.id), actor: 'staff', actorUserId: staffId, now },
    context,
  )

const eventsOf = async (orderId: string, action: string) =>
  db
    .select()
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, action)))
    .orderBy(asc(orderEvent.id))
const mailsOf = (orderId: string, kind: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, kind)))
const statusOf = async (orderId: string) =>
  (await db.select({ status: sellerOrder.status }).from(sellerOrder).where(eq(sellerOrder.id, orderId)))[0]!.status

describe('an activation-lock hold', () => {
  it('holds a received order with its event (who, when) and e-mails the steps with a working signed button', async () => {
    const order = await received()
    const result = await hold(order)
    expect(result).toMatchObject({ ok: true, already: false })
    const [event] = await eventsOf(order.id, LOCK_EVENTS.hold)
    expect(event).toMatchObject({ actor: 'staff', actorUserId: staffId, actorName: 'Lou Locks' })
    const [row] = await db.select().from(orderLockHold).where(eq(orderLockHold.orderId, order.id))
    expect(row!.deadline.toISOString()).toBe(DEADLINE.toISOString())
    const [mail] = await mailsOf(order.id, 'lockHeld')
    expect(mail!.toAddress).toBe(order.email)
    // The Apple steps (the device is an iPhone), not Google's; the deadline in words.
    const copy = context.mail.copy
    expect(mail!.textBody).toContain(copy.lockStepsApple.slice(0, 40))
    expect(mail!.textBody).not.toContain(copy.lockStepsGoogle.slice(0, 40))
    expect(mail!.textBody).toContain('Apple iPhone 13 128GB')
    expect(mail!.textBody).toContain('17 November 2026')
    const link = /https:\/\/shop\.example\/order-tracker-details\?order=([^\s#"]+)#lock/.exec(mail!.textBody)
    expect(link).not.toBeNull()
    expect(readOrderToken(decodeURIComponent(link![1]!))).toBe(order.reference)
  })

  it('is held once: a repeat hold records no second event or e-mail; an order not received is refused', async () => {
    const order = await received()
    const first = await hold(order)
    const again = await hold(order)
    expect(again).toMatchObject({ ok: true, already: true, holdId: first.ok ? first.holdId : '' })
    expect(await eventsOf(order.id, LOCK_EVENTS.hold)).toHaveLength(1)
    expect(await mailsOf(order.id, 'lockHeld')).toHaveLength(1)
    const placed = await placeOrder(db, sampleOrder({ emails: () => [] }))
    if (placed.kind !== 'placed') throw new Error(placed.kind)
    const other = (await getOrder(db, { id: placed.id }))!
    expect(await hold(other)).toMatchObject({ ok: false, reason: 'moved', status: 'placed' })
    // Another order's device is not this order's to hold.
    expect(
      await holdForLock(
        db,
        { orderId: order.id, itemIds: [other.items[0]!.id], actor: 'staff', actorUserId: staffId },
        context,
      ),
    ).toMatchObject({ ok: false, reason: 'no-devices' })
  })

  it('is callable inside another move’s transaction, and rolls back with it', async () => {
    const order = await received()
    await expect(
      db.transaction(async (tx) => {
        await holdForLockInTx(
          tx,
          { orderId: order.id, itemIds: [order.items[0]!.id], actor: 'staff', actorUserId: staffId },
          context,
        )
        throw new Error('the other move failed')
      }),
    ).rejects.toThrow('the other move failed')
    expect(await db.select().from(orderLockHold).where(eq(orderLockHold.orderId, order.id))).toHaveLength(0)
    expect(await mailsOf(order.id, 'lockHeld')).toHaveLength(0)
  })

  it('keeps the check waiting while held', async () => {
    const order = await received()
    await hold(order)
    const check = () =>
      moveOrder(db, {
        orderId: order.id,
        move: 'check',
        actor: 'staff',
        actorUserId: staffId,
        expectedStatus: 'received',
        guard: noOpenLockHold,
      })
    expect(await check()).toEqual({ ok: false, reason: 'guard-refused' })
    expect(await statusOf(order.id)).toBe('received')
  })

  it('takes the seller’s press once, refuses someone else’s, and staff release it and check', async () => {
    const order = await received()
    const held = await hold(order)
    if (!held.ok) throw new Error(held.reason)
    const stranger = await received()
    // Someone else's order (their own link) naming this hold; a made-up hold; a damaged link.
    expect(await sellerRemovedLock(db, { orderId: stranger.id, holdId: held.holdId })).toEqual({
      ok: false,
      reason: 'not-held',
    })
    expect(await sellerRemovedLock(db, { orderId: order.id, holdId: randomUUID() })).toEqual({
      ok: false,
      reason: 'not-held',
    })
    expect(readOrderToken(`${order.reference}.9999999999.forged`)).toBeNull()
    expect(await eventsOf(order.id, LOCK_EVENTS.removed)).toHaveLength(0)

    expect(await sellerRemovedLock(db, { orderId: order.id, holdId: held.holdId })).toEqual({
      ok: true,
      already: false,
    })
    expect(await sellerRemovedLock(db, { orderId: order.id, holdId: held.holdId })).toEqual({ ok: true, already: true })
    const pressed = await eventsOf(order.id, LOCK_EVENTS.removed)
    expect(pressed).toHaveLength(1)
    expect(pressed[0]).toMatchObject({ actor: 'seller', actorName: null })

    const release = () =>
      releaseLockHold(db, { orderId: order.id, holdId: held.holdId, actor: 'staff', actorUserId: staffId })
    expect(await release()).toEqual({ ok: true, already: false })
    expect(await release()).toEqual({ ok: false, reason: 'not-held' })
    expect(await eventsOf(order.id, LOCK_EVENTS.release)).toHaveLength(1)
    const checked = await moveOrder(db, {
      orderId: order.id,
      move: 'check',
      actor: 'staff',
      actorUserId: staffId,
      expectedStatus: 'received',
      guard: noOpenLockHold,
    })
    expect(checked).toMatchObject({ ok: true, to: 'checked' })
    // Pressed after the hold ended: nothing.
    expect(await sellerRemovedLock(db, { orderId: order.id, holdId: held.holdId })).toMatchObject({ ok: false })
  })

  it('leaves the check queue while it waits on the seller, and the seller’s press puts it back', async () => {
    const order = await received()
    const held = await hold(order)
    if (!held.ok) throw new Error(held.reason)
    const search = { reference: order.reference }
    const inQueue = async (waitingOnLock: boolean) =>
      (await orderQueuePage(db, { status: 'received', search, waitingOnLock }, null)).rows.map((row) => row.reference)
    expect(await inQueue(false)).toEqual([])
    expect(await inQueue(true)).toEqual([order.reference])
    await sellerRemovedLock(db, { orderId: order.id, holdId: held.holdId })
    expect(await inQueue(false)).toEqual([order.reference])
    expect(await inQueue(true)).toEqual([])
  })

  it('holds again when the seller said removed but the lock is still on: a new deadline and e-mail', async () => {
    const order = await received()
    const first = await hold(order)
    if (!first.ok) throw new Error(first.reason)
    await sellerRemovedLock(db, { orderId: order.id, holdId: first.holdId })
    const second = await hold(order, new Date('2026-11-05T10:00:00Z'))
    expect(second).toMatchObject({ ok: true, already: false })
    expect(second.ok && second.holdId).not.toBe(first.holdId)
    const holds = await db.select().from(orderLockHold).where(eq(orderLockHold.orderId, order.id))
    expect(holds.map((row) => row.endedHow).sort()).toEqual(['held-again', null].sort())
    expect(await mailsOf(order.id, 'lockHeld')).toHaveLength(2)
  })

  it('reminds once before the deadline, then sends the device back free once, however often the job runs', async () => {
    const order = await received()
    await hold(order)
    const beforeReminder = new Date('2026-11-16T09:00:00Z')
    // Other tests' holds are due too: what this order got is counted on it.
    await applyLockDeadlines(db, context, beforeReminder)
    expect(await mailsOf(order.id, 'lockReminder')).toHaveLength(0)
    const reminderDay = new Date('2026-11-16T11:00:00Z')
    await Promise.all([applyLockDeadlines(db, context, reminderDay), applyLockDeadlines(db, context, reminderDay)])
    expect(await eventsOf(order.id, LOCK_EVENTS.reminder)).toHaveLength(1)
    expect(await mailsOf(order.id, 'lockReminder')).toHaveLength(1)
    expect(await statusOf(order.id)).toBe('received')

    const past = new Date(DEADLINE.getTime() + 60_000)
    const runs = await Promise.all([applyLockDeadlines(db, context, past), applyLockDeadlines(db, context, past)])
    expect(runs.some((run) => run.returned > 0)).toBe(true)
    await applyLockDeadlines(db, context, past)
    expect(await statusOf(order.id)).toBe('returning')
    expect(await eventsOf(order.id, 'returnLocked')).toHaveLength(1)
    const [returned] = await mailsOf(order.id, 'lockReturned')
    expect(returned!.textBody).toContain('Apple iPhone 13 128GB')
    expect(await mailsOf(order.id, 'lockReturned')).toHaveLength(1)
  })

  it('does not send back a device whose seller said the lock is removed: staff owe it a check', async () => {
    const order = await received()
    const held = await hold(order)
    if (!held.ok) throw new Error(held.reason)
    await sellerRemovedLock(db, { orderId: order.id, holdId: held.holdId })
    await applyLockDeadlines(db, context, new Date(DEADLINE.getTime() + 60_000))
    expect(await statusOf(order.id)).toBe('received')
    expect(await eventsOf(order.id, 'returnLocked')).toHaveLength(0)
    expect(await mailsOf(order.id, 'lockReminder')).toHaveLength(0)
  })
})
