import { eq } from 'drizzle-orm'
import { createAuth } from '@/accounts/create-auth'
import { grantStaffRole } from '@/accounts/staff-accounts'
import { isLastManager } from '@/accounts/store'
import type { Db } from '@/db/connection'
import { recordEvent } from '@/orders/move-store'
import { orderEvent, sellerOrder, session, user } from '@/db/schema'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

const env = { BETTER_AUTH_SECRET: 'staff-accounts-test-secret-0123456789abcdef' }
beforeAll(() => Object.assign(process.env, env))

const STRANGER_PASSWORD = 'velvet harbour thistle'
const OPERATOR_PASSWORD = 'granite meadow lantern'

/** What anyone on the internet can do: sign up with an address, here one staff will use later. */
async function strangerSignsUp(email: string) {
  const auth = createAuth(db, async () => undefined, { ...process.env, ...env })
  await auth.api.signUpEmail({ body: { email, password: STRANGER_PASSWORD, name: 'Sam Smith' } })
}

async function roleOf(email: string) {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.email, email))
  return row?.role
}

test('an account a stranger signed up for in advance is not promoted, and its password opens nothing', async () => {
  const email = 'sam.preclaimed@our-domain.example'
  await strangerSignsUp(email)

  const result = await grantStaffRole(db, { email, role: 'manager', password: OPERATOR_PASSWORD })
  expect(result).toEqual({ ok: false, message: expect.stringContaining('not verified') })
  expect(await roleOf(email)).toBe('user')

  // Even with the stranger's own password (the operator cannot know it is not the owner's).
  const withTheirs = await grantStaffRole(db, { email, role: 'manager', password: STRANGER_PASSWORD })
  expect(withTheirs.ok).toBe(false)
  expect(await roleOf(email)).toBe('user')
})

test('a verified account is promoted only with its own password, and every session it had ends', async () => {
  const email = 'robin.verified@our-domain.example'
  await strangerSignsUp(email)
  await db.update(user).set({ emailVerified: true }).where(eq(user.email, email))
  const auth = createAuth(db, async () => undefined, { ...process.env, ...env })
  await auth.api.signInEmail({ body: { email, password: STRANGER_PASSWORD } })
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  expect(await db.select().from(session).where(eq(session.userId, owner!.id))).toHaveLength(1)

  const wrong = await grantStaffRole(db, { email, role: 'staff', password: OPERATOR_PASSWORD })
  expect(wrong).toEqual({ ok: false, message: expect.stringContaining('not the one') })
  expect(await roleOf(email)).toBe('user')

  const right = await grantStaffRole(db, { email, role: 'staff', password: STRANGER_PASSWORD })
  expect(right).toMatchObject({ ok: true, outcome: 'promoted' })
  expect(await roleOf(email)).toBe('staff')
  expect(await db.select().from(session).where(eq(session.userId, owner!.id))).toHaveLength(0)
})

test('a new address gets a new, verified staff account with the password given', async () => {
  const email = 'new.manager@our-domain.example'
  const result = await grantStaffRole(db, { email, role: 'manager', name: 'New Manager', password: OPERATOR_PASSWORD })
  expect(result).toMatchObject({ ok: true, outcome: 'created' })
  const [row] = await db.select().from(user).where(eq(user.email, email))
  expect(row).toMatchObject({ role: 'manager', emailVerified: true, name: 'New Manager' })
  const auth = createAuth(db, async () => undefined, { ...process.env, ...env })
  await expect(auth.api.signInEmail({ body: { email, password: OPERATOR_PASSWORD } })).resolves.toBeTruthy()
})

test("a staff member's name stays on the events they wrote after their account is deleted; a seller's is never kept", async () => {
  const email = 'casey.leaver@our-domain.example'
  await grantStaffRole(db, { email, role: 'manager', name: 'Casey Leaver', password: OPERATOR_PASSWORD })
  const [manager] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  const [order] = await db
    .insert(sellerOrder)
    .values({ reference: 'HB-TEST-NAME', status: 'paid', totalPence: 10_000 })
    .returning({ id: sellerOrder.id })
  await recordEvent(db, { orderId: order!.id, actor: 'manager', actorUserId: manager!.id, action: 'reveal-payout' })
  await recordEvent(db, { orderId: order!.id, actor: 'seller', actorUserId: null, action: 'note' })

  await db.delete(user).where(eq(user.id, manager!.id))
  const events = await db
    .select({ actor: orderEvent.actor, actorUserId: orderEvent.actorUserId, actorName: orderEvent.actorName })
    .from(orderEvent)
    .where(eq(orderEvent.orderId, order!.id))
    .orderBy(orderEvent.id)
  expect(events).toEqual([
    { actor: 'manager', actorUserId: null, actorName: 'Casey Leaver' },
    { actor: 'seller', actorUserId: null, actorName: null },
  ])
})

test('the only manager is the last manager; with another one, neither is', async () => {
  const managers = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.role, 'manager'))
  await db.update(user).set({ role: 'user' }).where(eq(user.role, 'manager'))
  await grantStaffRole(db, { email: 'only.manager@our-domain.example', role: 'manager', password: OPERATOR_PASSWORD })
  const [only] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.role, 'manager'))
  expect(await isLastManager(db, only!)).toBe(true)
  expect(await isLastManager(db, { id: only!.id, role: 'staff' })).toBe(false)

  await grantStaffRole(db, { email: 'second.manager@our-domain.example', role: 'manager', password: OPERATOR_PASSWORD })
  expect(await isLastManager(db, only!)).toBe(false)
  for (const earlier of managers) await db.update(user).set({ role: 'manager' }).where(eq(user.id, earlier.id))
})
