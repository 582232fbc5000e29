import { eq } from 'drizzle-orm'
import { carriesSession, challengeAccount, withoutSession } from '@/accounts/code-limit'
import { createAuth } from '@/accounts/create-auth'
import type { Db } from '@/db/connection'
import { session, user } from '@/db/schema'
import { totp } from '../../support/staff-two-factor'
import { withFileDatabase } from '../../support/test-database'

let db: Db
jest.mock('@/db/connection', () => ({
  ...jest.requireActual<object>('@/db/connection'),
  getDb: async () => db,
}))
withFileDatabase((opened) => (db = opened))
jest.setTimeout(60_000)

const env = { BETTER_AUTH_SECRET: 'second-factor-test-secret-0123456789abcdef' }
beforeAll(() => Object.assign(process.env, env))
const auth = () => createAuth(db, async () => undefined, { ...process.env, ...env })

const PASSWORD = 'granite meadow lantern'
const NEW_PASSWORD = 'harbour velvet thistle'

/** The browser's cookie header after an answer that set the session cookie. */
function cookieFrom(headers: Headers | null | undefined): Headers {
  const pairs = (headers?.getSetCookie() ?? []).map((line) => line.split(';')[0]!)
  return new Headers({ cookie: pairs.join('; ') })
}

async function signUp(email: string) {
  await auth().api.signUpEmail({ body: { email, password: PASSWORD, name: 'Robin Staff' } })
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  await db.update(user).set({ role: 'staff', emailVerified: true }).where(eq(user.id, row!.id))
  return row!.id
}

async function sessionsOf(userId: string) {
  return db.select().from(session).where(eq(session.userId, userId))
}

test('a session the password alone made has no second factor; the one made by enrolment’s code has', async () => {
  const email = `enrol.${Date.now()}@example.com`
  const userId = await signUp(email)
  const first = await auth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true })
  const browser = cookieFrom(first.headers)
  const [passwordOnly] = await sessionsOf(userId)
  expect(passwordOnly!.secondFactorAt).toBeNull()

  const started = await auth().api.enableTwoFactor({ body: { password: PASSWORD }, headers: browser })
  const key = new URL((started as { totpURI: string }).totpURI).searchParams.get('secret')!
  const verified = await auth().api.verifyTOTP({ body: { code: totp(key) }, headers: browser, returnHeaders: true })
  const sessions = await sessionsOf(userId)
  // better-auth replaced the enrolling session with a new one: it, and only it, passed the second step.
  expect(sessions).toHaveLength(1)
  expect(sessions[0]!.secondFactorAt).toBeInstanceOf(Date)
  expect(cookieFrom(verified.headers).get('cookie')).toContain(sessions[0]!.token)
})

test('changing the password keeps the real login time and the second step, and proves no second step', async () => {
  const email = `change.${Date.now()}@example.com`
  const userId = await signUp(email)
  const signedIn = await auth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true })
  // Logged in seven hours ago, with a code (as the second step would have marked it).
  const loggedIn = new Date(Date.now() - 7 * 60 * 60_000)
  await db.update(session).set({ createdAt: loggedIn, secondFactorAt: loggedIn }).where(eq(session.userId, userId))

  const changed = await auth().api.changePassword({
    body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
    headers: cookieFrom(signedIn.headers),
    returnHeaders: true,
  })
  const [replacement, ...others] = await sessionsOf(userId)
  expect(others).toHaveLength(0)
  expect(cookieFrom(changed.headers).get('cookie')).toContain(replacement!.token)
  // The 8-hour staff limit still counts from the real login, an hour from now.
  expect(replacement!.createdAt.getTime()).toBe(loggedIn.getTime())
  expect(replacement!.secondFactorAt?.getTime()).toBe(loggedIn.getTime())

  // From a session the password alone made, the new session has no second step either.
  await db.update(session).set({ secondFactorAt: null }).where(eq(session.userId, userId))
  await auth().api.changePassword({
    body: { currentPassword: NEW_PASSWORD, newPassword: PASSWORD, revokeOtherSessions: true },
    headers: cookieFrom(changed.headers),
  })
  const [afterSecond] = await sessionsOf(userId)
  expect(afterSecond!.secondFactorAt).toBeNull()
  expect(afterSecond!.createdAt.getTime()).toBe(loggedIn.getTime())
})

test('the sign-in step knows whose code it is from the first step alone, and passes no session on', async () => {
  const email = `challenge.${Date.now()}@example.com`
  const userId = await signUp(email)
  const first = await auth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true })
  const browser = cookieFrom(first.headers)
  const started = await auth().api.enableTwoFactor({ body: { password: PASSWORD }, headers: browser })
  const key = new URL((started as { totpURI: string }).totpURI).searchParams.get('secret')!
  await auth().api.verifyTOTP({ body: { code: totp(key) }, headers: browser })

  // Logging in again: no session, only better-auth's signed cookie for the code step.
  const step = await auth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true })
  const challenge = cookieFrom(step.headers)
  expect(carriesSession(challenge)).toBe(false)
  expect(await challengeAccount(challenge)).toEqual({ id: userId, email })
  // An altered cookie, or none, names nobody.
  const altered = new Headers({ cookie: challenge.get('cookie')!.replace(/two_factor=(.)/, 'two_factor=x$1') })
  expect(await challengeAccount(altered)).toBeNull()
  expect(await challengeAccount(new Headers())).toBeNull()

  // A session cookie beside it is seen, and left out of what better-auth is handed.
  const both = new Headers({ cookie: `${browser.get('cookie')}; ${challenge.get('cookie')}` })
  expect(carriesSession(both)).toBe(true)
  const handed = withoutSession(both)
  expect(carriesSession(handed)).toBe(false)
  expect(await challengeAccount(handed)).toEqual({ id: userId, email })
})
