'use server'

import 'server-only'
import { verifyJWT } from 'better-auth/crypto'
import { after } from 'next/server'
import {
  validateChangePassword,
  validateCode,
  validateConfirmEmail,
  validatePasswordOnly,
  validateEmailOnly,
  validateLogin,
  validateNewPassword,
  validateSignUp,
  type AccountProblem,
  type ChangePasswordInput,
  type CodeInput,
  type ConfirmEmailInput,
  type PasswordInput,
  type NewPasswordInput,
  type SignUpInput,
} from '@/accounts/validation'
import { eq } from 'drizzle-orm'
import type { Validation } from '@/forms/schema'
import { getDb } from '@/db/connection'
import { user, verification } from '@/db/schema'
import { accountForm, cookiesOf, done, errorCode, refused } from './endpoint'
import { sendAccountMail } from './mail'
import { getAuth } from './auth'
import { isCommonPassword } from './common-passwords'
import { carriesSession, challengeAccount, codeAllowance, codeDeviceCookie, withoutSession } from './code-limit'
import { accountLimits as limits } from './limits'
import { safeNextPath } from './next-path'
import { isStaffRole } from './roles'
import { getSignedIn } from './session'
import { signInWithPassword } from './sign-in'
import { endOtherSessions, isEnrollingSession, startedBy } from './two-factor'

/** A new password must also not be one of the most common ones: checked here, on the server only. */
function withCommonCheck<T extends { password: string }>(
  validate: (body: Record<string, string>) => Validation<T, AccountProblem>,
) {
  return (body: Record<string, string>): Validation<T, AccountProblem> => {
    const result = validate(body)
    if (result.ok && isCommonPassword(result.value.password)) {
      return { ok: false, errors: [{ field: 'password', code: 'passwordCommon' }] }
    }
    return result
  }
}

export const signUp = accountForm<SignUpInput>({
  limiter: limits.signUp,
  page: '/sign-up',
  validate: withCommonCheck(validateSignUp),
  // The same answer for a new address and a known one; the known one is e-mailed instead.
  run: async ({ name, email, password }, { headers }) => {
    const auth = await getAuth()
    await auth.api.signUpEmail({ body: { name, email, password }, headers })
    return done('/sign-up?sent=1')
  },
})

export const logIn = accountForm({
  limiter: limits.login,
  page: '/login',
  validate: (body) => {
    const result = validateLogin(body)
    return result.ok ? { ok: true, value: { ...result.value, next: safeNextPath(body.next) } } : result
  },
  run: async ({ email, password, rememberMe, next }, { headers }) => {
    const signedIn = await signInWithPassword({ email, password, rememberMe }, headers)
    if (!signedIn.ok) {
      return signedIn.problem === 'tooMany'
        ? { ok: false, errors: 'tooMany', fill: { seconds: signedIn.wait } }
        : refused('wrongCredentials')
    }
    // Two-step login: no session yet, only the plugin's short-lived cookie for the code page.
    if (signedIn.twoFactor) return done(`/two-factor?next=${encodeURIComponent(next)}`, signedIn.setCookies)
    return done(next, signedIn.setCookies)
  },
})

/**
 * The second step of logging in: a code from the app, or one of the backup codes (each works
 * once). The plugin's cookie from the first step says whose; five wrong codes end that step, and
 * every code counts toward the account's one code limit (web/accounts/code-limit.ts).
 *
 * It only ever signs in. A request that already carries a session is refused before better-auth
 * sees it: handed a session, better-auth would take the code as the session's own set-up (turning
 * two-step login on from a session the password alone made, past every limit), and no session
 * cookie is ever passed on.
 */
export const twoFactorCode = accountForm<CodeInput & { next: string }>({
  limiter: limits.login,
  page: '/two-factor',
  validate: (body) => {
    const result = validateCode(body)
    return result.ok ? { ok: true, value: { ...result.value, next: safeNextPath(body.next, '/admin') } } : result
  },
  run: async ({ code, next }, { headers }) => {
    if (carriesSession(headers)) return refused('signedIn')
    const challenge = withoutSession(headers)
    const owner = await challengeAccount(challenge)
    if (!owner) return refused('codeLocked')
    const allowance = await codeAllowance(owner, challenge)
    if (!allowance.ok) return { ok: false, errors: 'tooMany', fill: { seconds: allowance.wait } }
    const auth = await getAuth()
    const backup = !/^\d{6}$/.test(code)
    try {
      const verified = backup
        ? await auth.api.verifyBackupCode({ body: { code }, headers: challenge, returnHeaders: true })
        : await auth.api.verifyTOTP({ body: { code }, headers: challenge, returnHeaders: true })
      return done(next, [...cookiesOf(verified.headers), codeDeviceCookie(owner.email)])
    } catch (error) {
      const failure = errorCode(error)
      if (failure === null) throw error
      // The first step has run out or been used up: the words say to log in again.
      if (failure === 'INVALID_TWO_FACTOR_COOKIE' || failure === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
        return refused('codeLocked')
      }
      await allowance.wrong()
      return refused([{ field: 'code', code: 'codeWrong' }])
    }
  },
})

/**
 * "Start again with a new key", in the session the invitation link began the set-up in and no
 * other: a password alone never starts or restarts a set-up (web/accounts/staff-invitations.ts).
 */
export const startTwoFactor = accountForm<PasswordInput>({
  limiter: limits.changePassword,
  page: '/staff-setup',
  validate: validatePasswordOnly,
  run: async ({ password }, { headers }) => {
    const visitor = await getSignedIn(headers)
    if (!visitor || !isStaffRole(visitor.user.role)) return done('/login?next=/admin')
    if (visitor.user.twoFactorEnabled) return done('/admin')
    if (!(await isEnrollingSession(visitor))) return refused('enrolmentRestart')
    const auth = await getAuth()
    try {
      await auth.api.enableTwoFactor({ body: { password }, headers })
    } catch (error) {
      if (errorCode(error) === null) throw error
      return refused([{ field: 'password', code: 'currentPasswordWrong' }])
    }
    // The new key is this session's alone, shown on the next page once (web/accounts/two-factor.ts).
    await startedBy(visitor)
    return done('/staff-setup')
  },
})

/**
 * The first code from the app turns two-step login on, from the session that started the set-up
 * only, within the account's code limit; every other session of the account ends.
 */
export const confirmTwoFactor = accountForm<CodeInput>({
  limiter: limits.changePassword,
  page: '/staff-setup',
  validate: validateCode,
  run: async ({ code }, { headers }) => {
    const visitor = await getSignedIn(headers)
    if (!visitor || !isStaffRole(visitor.user.role)) return done('/login?next=/admin')
    if (visitor.user.twoFactorEnabled) return done('/admin')
    if (!(await isEnrollingSession(visitor))) return refused('enrolmentRestart')
    const allowance = await codeAllowance(visitor.user, headers)
    if (!allowance.ok) return { ok: false, errors: 'tooMany', fill: { seconds: allowance.wait } }
    const auth = await getAuth()
    try {
      const verified = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
      await endOtherSessions(visitor.user.id)
      return done('/admin', [...cookiesOf(verified.headers), codeDeviceCookie(visitor.user.email)])
    } catch (error) {
      if (errorCode(error) === null) throw error
      await allowance.wrong()
      return refused([{ field: 'code', code: 'codeWrong' }])
    }
  },
})

export const forgotPassword = accountForm({
  limiter: limits.forgotPassword,
  page: '/forget-password',
  validate: validateEmailOnly,
  // Answered before anything is looked up: the reset is made after the response, so a known
  // address and an unknown one take the same time (scripts/measure-reset-timing.mjs).
  run: async ({ email }) => {
    const auth = await getAuth()
    after(() =>
      auth.api
        .requestPasswordReset({ body: { email } })
        .catch((error: Error) => console.error(`Password reset request failed: ${error.name}`)),
    )
    return done('/password-reset')
  },
})

export const resetPassword = accountForm<NewPasswordInput>({
  limiter: limits.resetPassword,
  page: '/set-new-password',
  validate: withCommonCheck(validateNewPassword),
  // better-auth deletes the token as it is used and ends every session of the account.
  run: async ({ token, password }) => {
    const auth = await getAuth()
    if (!token) return refused('linkInvalid')
    const owner = await resetLinkOwner(token)
    try {
      await auth.api.resetPassword({ body: { token, newPassword: password } })
    } catch (error) {
      if (errorCode(error) === null) throw error
      return refused('linkInvalid')
    }
    // The owner proved their mailbox: the wrong passwords tried on their account no longer hold
    // them back, so a stranger's guessing never locks them out.
    if (owner) await limits.loginFailuresPerAccount.clear(`login:${owner}`)
    return done('/password-successfully')
  },
})

/**
 * The verification e-mail's link opens /confirm-email, whose form posts here. The address is
 * verified, and the guest orders placed with it appear in the account, only when whoever opened
 * the link also gives the account's password, in the same browser, which is then signed in.
 * Opening the link alone changes nothing: a stranger who signed up with someone else's address and
 * a password of their own gains nothing when that person, or their mail scanner, opens it.
 */
export const confirmEmail = accountForm<ConfirmEmailInput>({
  limiter: limits.verify,
  page: '/confirm-email',
  validate: validateConfirmEmail,
  run: async ({ token, password }, { headers }) => {
    const auth = await getAuth()
    const { secret } = await auth.$context
    const claims =
      token && token.length <= 2048 ? await verifyJWT<{ email?: unknown; updateTo?: unknown }>(token, secret) : null
    if (!claims || typeof claims.email !== 'string' || claims.updateTo) return refused('linkInvalid')
    // The same password check, and the same limits, as the login form: the link is no way round them.
    const signedIn = await signInWithPassword({ email: claims.email, password, rememberMe: false }, headers)
    if (!signedIn.ok) {
      return signedIn.problem === 'tooMany'
        ? { ok: false, errors: 'tooMany', fill: { seconds: signedIn.wait } }
        : refused([{ field: 'password', code: 'confirmPasswordWrong' }])
    }
    try {
      await auth.api.verifyEmail({ query: { token }, headers })
    } catch (error) {
      if (errorCode(error) === null) throw error
      return refused('linkInvalid')
    }
    const verified = '/profile?notice=verified'
    if (signedIn.twoFactor) return done(`/two-factor?next=${encodeURIComponent(verified)}`, signedIn.setCookies)
    return done(verified, signedIn.setCookies)
  },
})

export const changePassword = accountForm<ChangePasswordInput>({
  limiter: limits.changePassword,
  page: '/profile',
  validate: withCommonCheck(validateChangePassword),
  run: async ({ currentPassword, password }, { headers }) => {
    const visitor = await getSignedIn(headers)
    if (!visitor) return done('/login?next=/profile')
    if (currentPassword === password) return refused([{ field: 'password', code: 'samePassword' }])
    const auth = await getAuth()
    try {
      const changed = await auth.api.changePassword({
        body: { currentPassword, newPassword: password, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      })
      await sendAccountMail('passwordChanged', visitor.user)
      return done('/profile?notice=passwordChanged', cookiesOf(changed.headers))
    } catch (error) {
      if (errorCode(error) === null) throw error
      return refused([{ field: 'currentPassword', code: 'currentPasswordWrong' }])
    }
  },
})

export const resendVerification = accountForm({
  limiter: limits.resendVerification,
  page: '/profile',
  validate: () => ({ ok: true, value: null }),
  run: async (_, { headers }) => {
    const visitor = await getSignedIn(headers)
    if (!visitor) return done('/login?next=/profile')
    if (!visitor.user.emailVerified) {
      const auth = await getAuth()
      await auth.api.sendVerificationEmail({ body: { email: visitor.user.email }, headers })
    }
    return done('/profile?notice=resent')
  },
})

export const signOut = accountForm({
  limiter: limits.signOut,
  page: '/profile',
  validate: (body) => ({ ok: true, value: { everywhere: body.everywhere === 'true' } }),
  run: async ({ everywhere }, { headers }) => {
    const auth = await getAuth()
    if (everywhere && (await getSignedIn(headers))) await auth.api.revokeSessions({ headers })
    const signedOut = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null)
    return done('/login?notice=signedOut', cookiesOf(signedOut?.headers))
  },
})

/** The address of the account a reset link is for, read before better-auth uses the link up. */
async function resetLinkOwner(token: string): Promise<string | null> {
  const db = await getDb()
  const [row] = await db
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, `reset-password:${token}`))
  return row?.email ?? null
}
