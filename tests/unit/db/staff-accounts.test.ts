import { eq } from 'drizzle-orm'
import { createAuth } from '@/accounts/create-auth'
import { grantStaffRole } from '@/accounts/staff-accounts'
import { resetTwoStep, setupLinkOwner, redeemSetupLink } from '@/accounts/staff-invitations'
import { isLastManager } from '@/accounts/store'
import type { Db } from '@/db/connection'
import { recordEvent } from '@/orders/moves/move-store'
import {
  account,
  emailOutbox,
  orderEvent,
  sellerOrder,
  session,
  staffEvent,
  twoFactor,
  user,
  verification,
} from '@/db/schema'
import { withFileDatabase } from '../../support/test-database'

// Each test hashes several passwords (scrypt, about 0.2 s each on an idle core).
jest.setTimeout(60_000)

let db: Db
// The E-mails document as the seed holds it: the invitation's words are the content's.
jest.mock('@/content/loaders', () => jest.requireActual('../../support/seed-email-loaders'))
withFileDatabase((opened) => (db = opened))

const env = { BETTER_AUTH_SECRET: 'staff-accounts-test-secret-0123456789abcdef' }
beforeAll(() => Object.assign(process.env, env))

const STRANGER_PASSWORD = 'velvet harbour thistle'
const OPERATOR_PASSWORD = 'granite meadow lantern'
const OWNER_PASSWORD = 'copper thimble orchard'

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

/** The token in the newest set-up link e-mailed to the address. */
async function setupTokenFor(email: string): Promise<string> {
  const mails = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.createdAt)
  const text = mails.at(-1)?.textBody ?? ''
  const token = /https:\/\/shop\.example\/staff-setup\?token=([\w%-]+)/.exec(text)?.[1]
  expect(token).toBeDefined()
  return decodeURIComponent(token!)
}

const hashOf = async (password: string) =>
  (await createAuth(db, async () => undefined, { ...process.env, ...env }).$context).password.hash(password)

test('a new address is invited: no password opens it until its owner chooses one from the one-time link', async () => {
  const email = 'new.manager@our-domain.example'
  const result = await grantStaffRole(db, {
    email,
    role: 'manager',
    name: 'New Manager',
    origin: 'https://shop.example',
  })
  expect(result).toMatchObject({ ok: true, outcome: 'created' })
  const [row] = await db.select().from(user).where(eq(user.email, email))
  expect(row).toMatchObject({ role: 'manager', emailVerified: true, name: 'New Manager' })
  // The operator gave no password, and none works.
  expect(await db.select().from(account).where(eq(account.userId, row!.id))).toEqual([])
  const auth = createAuth(db, async () => undefined, { ...process.env, ...env })
  await expect(auth.api.signInEmail({ body: { email, password: OPERATOR_PASSWORD } })).rejects.toThrow()
  // The invitation went to the owner's address, through the outbox; the event says who and why.
  const token = await setupTokenFor(email)
  expect(await db.select().from(staffEvent).where(eq(staffEvent.userId, row!.id))).toEqual([
    expect.objectContaining({ actor: 'operator', action: 'invited', reason: 'staff:create --role manager' }),
  ])

  // An altered link is nobody's; the right one is the owner's, once.
  expect(await setupLinkOwner(db, `${token}x`)).toBeNull()
  const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
  expect(await redeemSetupLink(db, altered, await hashOf(OWNER_PASSWORD))).toBeNull()
  expect(await setupLinkOwner(db, token)).toMatchObject({ id: row!.id })
  expect(await redeemSetupLink(db, token, await hashOf(OWNER_PASSWORD))).toMatchObject({ id: row!.id, email })
  expect(await redeemSetupLink(db, token, await hashOf(OPERATOR_PASSWORD))).toBeNull()
  await expect(auth.api.signInEmail({ body: { email, password: OWNER_PASSWORD } })).resolves.toBeTruthy()
  await expect(auth.api.signInEmail({ body: { email, password: OPERATOR_PASSWORD } })).rejects.toThrow()
})

test('a set-up link stops working once it expires, and a new one replaces the old', async () => {
  const email = 'late.starter@our-domain.example'
  await grantStaffRole(db, { email, role: 'staff', origin: 'https://shop.example' })
  const first = await setupTokenFor(email)
  expect(await setupLinkOwner(db, first)).not.toBeNull()
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  await resetTwoStep(db, email, { by: { actor: 'operator' }, reason: 'link lost', origin: 'https://shop.example' })
  const second = await setupTokenFor(email)
  expect(second).not.toBe(first)
  expect(await setupLinkOwner(db, first)).toBeNull()
  await db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verification.value, row!.id))
  expect(await redeemSetupLink(db, second, await hashOf(OWNER_PASSWORD))).toBeNull()
})

test('a lost authenticator is reset by another manager, not by the manager themself: two-step login off, every session ended, an event and a new link', async () => {
  const email = 'lost.phone@our-domain.example'
  await grantStaffRole(db, { email, role: 'manager', name: 'Lost Phone', origin: 'https://shop.example' })
  await redeemSetupLink(db, await setupTokenFor(email), await hashOf(OWNER_PASSWORD))
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  const auth = createAuth(db, async () => undefined, { ...process.env, ...env })
  await auth.api.signInEmail({ body: { email, password: OWNER_PASSWORD } })
  await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, owner!.id))
  await db.insert(twoFactor).values({ id: crypto.randomUUID(), userId: owner!.id, secret: 's', backupCodes: 'b' })
  expect(await db.select().from(session).where(eq(session.userId, owner!.id))).toHaveLength(1)

  const own = await resetTwoStep(db, email, {
    by: { actor: 'manager', userId: owner!.id, name: 'Lost Phone' },
    reason: 'my own',
    origin: 'https://shop.example',
  })
  expect(own).toEqual({ ok: false, problem: 'own' })
  expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, owner!.id))).toHaveLength(1)

  await grantStaffRole(db, {
    email: 'other.manager@our-domain.example',
    role: 'manager',
    origin: 'https://shop.example',
  })
  const [other] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'other.manager@our-domain.example'))
  const reset = await resetTwoStep(db, email, {
    by: { actor: 'manager', userId: other!.id, name: 'Other Manager' },
    reason: 'phone lost on the train',
    origin: 'https://shop.example',
  })
  expect(reset).toEqual({ ok: true })
  expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, owner!.id))).toEqual([])
  expect(await db.select().from(session).where(eq(session.userId, owner!.id))).toEqual([])
  const [after] = await db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, owner!.id))
  expect(after!.enabled).toBe(false)
  await expect(auth.api.signInEmail({ body: { email, password: OWNER_PASSWORD } })).rejects.toThrow()
  const events = await db.select().from(staffEvent).where(eq(staffEvent.userId, owner!.id)).orderBy(staffEvent.id)
  expect(events.at(-1)).toMatchObject({
    actor: 'manager',
    actorUserId: other!.id,
    actorName: 'Other Manager',
    action: 'two-step-reset',
    reason: 'phone lost on the train',
  })
  expect(await setupLinkOwner(db, await setupTokenFor(email))).toMatchObject({ id: owner!.id })
  // A seller's account is not staff: nothing to reset.
  expect(
    await resetTwoStep(db, 'nobody@our-domain.example', { by: { actor: 'operator' }, reason: 'x', origin: '' }),
  ).toEqual({
    ok: false,
    problem: 'notStaff',
  })
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
