import { eq } from 'drizzle-orm'
import { createAuth } from '@/auth/create-auth'
import { grantStaffRole } from '@/auth/staff-accounts'
import type { Db } from '@/orders/db'
import { session, user } from '@/orders/schema'
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
