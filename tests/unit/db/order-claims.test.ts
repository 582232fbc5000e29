import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { contactMessage, orderEvent, orderLockHold, sellerOrder, user } from '@/db/schema'
import { claimOf, claimOrder, releaseClaim } from '@/orders/claims/claim-store'
import { CLAIM_EVENTS, PACK_POSTED_EVENT } from '@/orders/claims/claim-input'
import { markPacksPosted } from '@/orders/claims/pack-store'
import { peopleToday } from '@/orders/claims/people-today'
import { lateCounts } from '@/orders/queue/late-counts'
import { orderQueuePage } from '@/orders/queue/order-queue'
import { replyTimer, stepTimer } from '@/orders/queue/step-timers'
import { calendarOf, NO_CLOSED_DAYS } from '@/orders/record/working-days'
import { SETTLED_STATUSES, type OrderStatus } from '@/orders/record/lifecycle'
import { newReference } from '@/orders/record/references'
import { raceForRow } from '../../support/row-lock-race'
import { withFileDatabase, type TestDatabase } from '../../support/test-database'

/**
 * Claims on orders and postage packs posted, on PGlite and on a PostgreSQL server, where two
 * people claiming at once meet for real: one wins, the other is told who; a claim past its time is
 * free; only a manager releases another's; a pack marked twice is one event.
 */
let db: Db
let home: TestDatabase
withFileDatabase((opened, folder) => {
  db = opened
  home = folder
})

type Member = { id: string; name: string; role: 'staff' | 'manager' }
async function addUser(name: string, role: Member['role']): Promise<Member> {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role } as typeof user.$inferInsert)
  return { id, name, role }
}
let sam: Member
let tia: Member
let maya: Member
beforeAll(async () => {
  sam = await addUser('Sam Staff', 'staff')
  tia = await addUser('Tia Staff', 'staff')
  maya = await addUser('Maya Manager', 'manager')
})

const HOUR = 3600 * 1000
const staffOf = (member: Member) => ({ id: member.id, role: member.role })

async function newOrder(fields: Partial<typeof sellerOrder.$inferInsert> = {}) {
  const [made] = await db
    .insert(sellerOrder)
    .values({ reference: newReference(), status: 'received', totalPence: 10_000, ...fields })
    .returning({ id: sellerOrder.id })
  return made!.id
}

const eventsOf = (orderId: string, action: string) =>
  db
    .select()
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, action)))

it('frees a claim past its time: anyone may claim it, and nobody is shown holding it', async () => {
  const orderId = await newOrder()
  const then = new Date(Date.now() - 5 * HOUR)
  await expect(claimOrder(db, { orderId, staff: staffOf(sam), hours: 4, now: then })).resolves.toMatchObject({
    ok: true,
  })
  const now = new Date()
  expect(await claimOf(db, orderId, now)).toBeNull()
  // Past its time there is nothing for Sam to release, and Tia may claim it.
  await expect(releaseClaim(db, { orderId, staff: staffOf(sam), now })).resolves.toEqual({
    ok: false,
    reason: 'not-claimed',
  })
  await expect(claimOrder(db, { orderId, staff: staffOf(tia), hours: 4, now })).resolves.toMatchObject({ ok: true })
  expect(await claimOf(db, orderId, now)).toMatchObject({ userId: tia.id })
  // Until then, a claim holds: Sam is told Tia has it.
  await expect(
    claimOrder(db, { orderId, staff: staffOf(sam), hours: 4, now: new Date(now.getTime() + 3 * HOUR) }),
  ).resolves.toMatchObject({ ok: false, reason: 'taken', name: 'Tia Staff' })
})

it('lets only the holder or a manager release a claim, with an event naming whose claim a manager ended', async () => {
  const orderId = await newOrder()
  const now = new Date()
  await claimOrder(db, { orderId, staff: staffOf(sam), hours: 4, now })

  await expect(releaseClaim(db, { orderId, staff: staffOf(tia), now })).resolves.toEqual({
    ok: false,
    reason: 'not-yours',
    name: 'Sam Staff',
  })
  expect(await claimOf(db, orderId, now)).toMatchObject({ userId: sam.id })
  expect(await eventsOf(orderId, CLAIM_EVENTS.release)).toEqual([])

  await expect(releaseClaim(db, { orderId, staff: staffOf(maya), now })).resolves.toEqual({ ok: true })
  expect(await claimOf(db, orderId, now)).toBeNull()
  const [released] = await eventsOf(orderId, CLAIM_EVENTS.release)
  expect(released).toMatchObject({
    actor: 'manager',
    actorUserId: maya.id,
    actorName: 'Maya Manager',
    reason: 'Sam Staff',
  })

  // Released twice: nothing more.
  await expect(releaseClaim(db, { orderId, staff: staffOf(maya), now })).resolves.toEqual({
    ok: false,
    reason: 'not-claimed',
  })
  // One's own claim, given back: the event has no other name in it.
  await claimOrder(db, { orderId, staff: staffOf(tia), hours: 4, now })
  await expect(releaseClaim(db, { orderId, staff: staffOf(tia), now })).resolves.toEqual({ ok: true })
  expect((await eventsOf(orderId, CLAIM_EVENTS.release)).map((event) => event.reason)).toEqual(['Sam Staff', null])
})

it('refuses a claim on an order that is not there', async () => {
  await expect(claimOrder(db, { orderId: randomUUID(), staff: staffOf(sam), hours: 4 })).resolves.toEqual({
    ok: false,
    reason: 'not-found',
  })
  await expect(claimOrder(db, { orderId: 'not-an-id', staff: staffOf(sam), hours: 4 })).resolves.toEqual({
    ok: false,
    reason: 'not-found',
  })
})

it('lists "My work" and "Unclaimed" as the claims stand, a lapsed claim among the unclaimed', async () => {
  const base = Date.UTC(2020, 0, 6, 9)
  const ids = await Promise.all(
    [0, 1, 2, 3].map((minute) => newOrder({ statusSince: new Date(base + minute * 60_000), status: 'checked' })),
  )
  const now = new Date()
  await claimOrder(db, { orderId: ids[0]!, staff: staffOf(sam), hours: 4, now })
  await claimOrder(db, { orderId: ids[1]!, staff: staffOf(tia), hours: 4, now })
  await claimOrder(db, { orderId: ids[2]!, staff: staffOf(sam), hours: 1, now: new Date(now.getTime() - 2 * HOUR) })
  const mine = await orderQueuePage(db, { claimedBy: sam.id, now, status: 'checked' }, null)
  expect(mine.rows.map((row) => row.id)).toEqual([ids[0]])
  expect(mine.rows[0]!.claimedBy).toEqual({ id: sam.id, name: 'Sam Staff' })
  const unclaimed = await orderQueuePage(db, { unclaimed: true, now, status: 'checked' }, null)
  const free = unclaimed.rows.map((row) => row.id)
  expect(free).toEqual(expect.arrayContaining([ids[2], ids[3]]))
  expect(free).not.toContain(ids[0])
  expect(free).not.toContain(ids[1])
  expect(unclaimed.rows.find((row) => row.id === ids[2])!.claimedBy).toBeNull()
  // Its count and places are the unclaimed orders': every page, and the places before each.
  const all = await orderQueuePage(db, { unclaimed: true, now, status: 'checked' }, null, 500)
  expect(all.total).toBe(all.rows.length)
  expect(all.rows.map((row) => row.id)).not.toContain(ids[0])
  expect([all.from, all.to]).toEqual([1, all.rows.length])
  const first = await orderQueuePage(db, { unclaimed: true, now, status: 'checked' }, null, 1)
  const second = await orderQueuePage(
    db,
    { unclaimed: true, now, status: 'checked' },
    { direction: 'next', ...first.next! },
    1,
  )
  expect([second.from, second.to, second.total]).toEqual([2, 2, all.total])
  expect(second.rows[0]!.id).toBe(all.rows[1]!.id)
})

it('lists as "Unclaimed" only the work still in progress, unless a status is chosen', async () => {
  const base = Date.UTC(2019, 0, 7, 9)
  const [open, settled] = await Promise.all([
    newOrder({ statusSince: new Date(base), status: 'received' }),
    newOrder({ statusSince: new Date(base + 60_000), status: 'paid' }),
  ])
  const now = new Date()
  const everyUnclaimed = await orderQueuePage(db, { unclaimed: true, now }, null, 500)
  const ids = everyUnclaimed.rows.map((row) => row.id)
  expect(ids).toContain(open)
  // A paid order is at rest: nothing to do, so not work anyone has left unclaimed.
  expect(ids).not.toContain(settled)
  expect(everyUnclaimed.total).toBe(everyUnclaimed.rows.length)
  expect(everyUnclaimed.rows.every((row) => !SETTLED_STATUSES.includes(row.status as OrderStatus))).toBe(true)
  // Asked for by status, the settled ones are there to claim (a payment the bank sent back later).
  const paid = await orderQueuePage(db, { unclaimed: true, now, status: 'paid' }, null, 500)
  expect(paid.rows.map((row) => row.id)).toContain(settled)
})

it('marks postage packs posted once: a second marking is no event, and orders without a pack are left', async () => {
  const withPack = await Promise.all([1, 2, 3].map(() => newOrder({ postagePack: true, status: 'placed' })))
  const without = await newOrder({ status: 'placed' })
  const now = new Date()
  const toPost = await orderQueuePage(db, { packsToPost: true, now }, null, 500)
  expect(toPost.rows.map((row) => row.id)).toEqual(expect.arrayContaining(withPack))
  expect(toPost.rows.map((row) => row.id)).not.toContain(without)

  const staff = staffOf(sam)
  await expect(markPacksPosted(db, { orderIds: [...withPack.slice(0, 2), without], staff, now })).resolves.toEqual({
    marked: 2,
  })
  // The same form again (a double click, a reload), and one more chosen: only the new one is marked.
  await expect(markPacksPosted(db, { orderIds: withPack, staff, now })).resolves.toEqual({ marked: 1 })
  await expect(markPacksPosted(db, { orderIds: withPack, staff, now })).resolves.toEqual({ marked: 0 })
  await expect(markPacksPosted(db, { orderIds: ['nonsense'], staff, now })).resolves.toEqual({ marked: 0 })

  const events = await db
    .select()
    .from(orderEvent)
    .where(and(inArray(orderEvent.orderId, [...withPack, without]), eq(orderEvent.action, PACK_POSTED_EVENT)))
  expect(events.map((event) => event.orderId).sort()).toEqual([...withPack].sort())
  expect(events.every((event) => event.actorName === 'Sam Staff')).toBe(true)
  const [left] = await db.select().from(sellerOrder).where(eq(sellerOrder.id, without))
  expect(left!.postagePackPostedAt).toBeNull()
  const after = await orderQueuePage(db, { packsToPost: true, now }, null, 500)
  expect(after.rows.map((row) => row.id)).not.toEqual(expect.arrayContaining([withPack[0]]))
  for (const id of withPack) expect(after.rows.map((row) => row.id)).not.toContain(id)
})

it('counts ages in working days across a bank holiday, and what is late per step', async () => {
  // Christmas Eve 2026 is a Thursday; Christmas Day (Friday) and Boxing Day's Monday are bank holidays.
  const arrived = new Date('2026-12-24T10:00:00Z')
  const promises = {
    checkWorkingDays: 1,
    revisedOfferDays: 14,
    returnWorkingDays: 2,
    replyWorkingDays: 1,
    lockWorkingDays: 10,
  }
  const calendar = calendarOf([])
  const tuesday = new Date('2026-12-29T10:00:00Z')
  const later = new Date('2026-12-29T10:30:00Z')
  const order = { status: 'received', statusSince: arrived }
  expect(stepTimer(order, tuesday, promises, calendar)).toEqual({ step: 'check', waited: 1, promise: 1, late: false })
  expect(stepTimer(order, later, promises, calendar)).toMatchObject({ waited: 1, late: true })
  // Counted without the bank holidays, the same wait would be three working days.
  expect(stepTimer(order, tuesday, promises, NO_CLOSED_DAYS)).toMatchObject({ waited: 3, late: true })

  const before = await lateCounts(db, later, promises, calendar)
  await newOrder({ status: 'received', statusSince: arrived })
  await newOrder({ status: 'received', statusSince: new Date('2026-12-29T09:00:00Z') })
  // Held for an activation lock the seller has not said is removed: waiting on them, not late for staff.
  const held = await newOrder({ status: 'received', statusSince: arrived })
  await db.insert(orderLockHold).values({ orderId: held, itemIds: [], deadline: later, remindAt: later })
  await newOrder({ status: 'revised', statusSince: arrived, offerDeadline: new Date('2026-12-29T00:00:00Z') })
  await newOrder({ status: 'revised', statusSince: arrived, offerDeadline: new Date('2027-01-07T00:00:00Z') })
  // Two working days to send a return: from Christmas Eve, that is Wednesday the 30th at 10:00.
  await newOrder({ status: 'returning', statusSince: arrived })
  // Contact messages: one new since Christmas Eve (late), one new since this morning, one answered.
  const message = (status: string, since: Date) => ({
    name: 'A Seller',
    email: `${randomUUID()}@example.com`,
    message: 'Where is my parcel?',
    status,
    receivedAt: since,
    statusChangedAt: since,
  })
  await db
    .insert(contactMessage)
    .values([message('new', arrived), message('new', new Date('2026-12-29T09:00:00Z')), message('answered', arrived)])
  const after = await lateCounts(db, later, promises, calendar)
  expect(after.check - before.check).toBe(1)
  // On the list, the held order's timer is the seller's days to remove the lock, not a late check.
  const listed = (await orderQueuePage(db, { waitingOnLock: true, now: tuesday }, null, 500)).rows
  const heldRow = listed.find((row) => row.id === held)!
  expect(heldRow.lockDeadline).toEqual(later)
  expect(stepTimer(heldRow, tuesday, promises, calendar)).toEqual({ step: 'lock', waited: 9, promise: 10, late: false })
  expect(stepTimer(heldRow, new Date(later.getTime() + 60_000), promises, calendar)).toMatchObject({ late: true })
  expect(stepTimer({ ...heldRow, lockDeadline: null }, tuesday, promises, calendar)).toMatchObject({ step: 'check' })
  expect(after.answer - before.answer).toBe(1)
  expect(after.return - before.return).toBe(0)
  expect(after.reply - before.reply).toBe(1)
  const thursday = await lateCounts(db, new Date('2026-12-31T10:00:00Z'), promises, calendar)
  expect(thursday.return - before.return).toBe(1)
  expect(thursday.reply - before.reply).toBe(2)

  // The inbox's timer: counted the same way, and only for a message still new.
  expect(replyTimer({ status: 'new', statusChangedAt: arrived }, tuesday, 1, calendar)).toEqual({
    waited: 1,
    promise: 1,
    late: false,
  })
  expect(replyTimer({ status: 'new', statusChangedAt: arrived }, later, 1, calendar)).toMatchObject({ late: true })
  expect(replyTimer({ status: 'answered', statusChangedAt: arrived }, later, 1, calendar)).toBeNull()
})

it('tells what each member of staff received, checked and returned today, from the history', async () => {
  const now = new Date()
  const ids = await Promise.all([1, 2, 3].map(() => newOrder()))
  const event = (orderId: string, member: Member, fromStatus: string, toStatus: string, at = now) => ({
    orderId,
    at,
    actor: member.role,
    actorUserId: member.id,
    actorName: member.name,
    action: 'move',
    fromStatus,
    toStatus,
  })
  const yesterday = new Date(now.getTime() - 30 * HOUR)
  await db.insert(orderEvent).values([
    event(ids[0]!, tia, 'placed', 'received'),
    event(ids[1]!, tia, 'placed', 'received'),
    event(ids[0]!, tia, 'received', 'checked'),
    event(ids[1]!, maya, 'received', 'revised'),
    event(ids[2]!, maya, 'returning', 'returned'),
    // Yesterday's, and a record that moved nothing, count for nobody.
    event(ids[2]!, tia, 'placed', 'received', yesterday),
    event(ids[2]!, tia, 'received', 'received'),
  ])
  const people = await peopleToday(db, now)
  expect(people.find((person) => person.userId === tia.id)).toEqual({
    userId: tia.id,
    name: 'Tia Staff',
    received: 2,
    checked: 1,
    returned: 0,
  })
  expect(people.find((person) => person.userId === maya.id)).toEqual({
    userId: maya.id,
    name: 'Maya Manager',
    received: 0,
    checked: 1,
    returned: 1,
  })
})

it('lets one of two people claiming an order at once have it, and tells the other who has it', async () => {
  const orderId = await newOrder()
  const now = new Date()
  const [first, second] = await raceForRow(
    home,
    'seller_order',
    orderId,
    () => claimOrder(db, { orderId, staff: staffOf(sam), hours: 4, now }),
    () => claimOrder(db, { orderId, staff: staffOf(tia), hours: 4, now }),
  )
  expect(first).toEqual({ ok: true, until: new Date(now.getTime() + 4 * HOUR) })
  expect(second).toEqual({ ok: false, reason: 'taken', name: 'Sam Staff', until: new Date(now.getTime() + 4 * HOUR) })
  expect(await claimOf(db, orderId, now)).toMatchObject({ userId: sam.id, name: 'Sam Staff' })
  const claims = await eventsOf(orderId, CLAIM_EVENTS.claim)
  expect(claims).toHaveLength(1)
  expect(claims[0]).toMatchObject({
    actor: 'staff',
    actorUserId: sam.id,
    actorName: 'Sam Staff',
    fromStatus: 'received',
  })
}, 30_000)
