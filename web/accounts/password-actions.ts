/**
 * The account forms that set or prove a password or an address: sign-up, confirming the address,
 * a forgotten, reset or changed password, and a new verification e-mail.
 */
'use server'

import 'server-only'
import { verifyJWT } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { after } from 'next/server'
import {
  validateChangePassword,
  validateConfirmEmail,
  validateEmailOnly,
  validateNewPassword,
  validateSignUp,
  type AccountProblem,
  type ChangePasswordInput,
  type ConfirmEmailInput,
  type NewPasswordInput,
  type SignUpInput,
} from '@/accounts/validation'
import type { Validation } from '@/forms/schema'
import { getDb } from '@/db/connection'
import { user, verification } from '@/db/schema'
import { accountForm, cookiesOf, done, errorCode, refused } from './endpoint'
import { sendAccountMail } from './mail'
import { getAuth } from './auth'
import { isCommonPassword } from './common-passwords'
import { accountLimits as limits } from './limits'
import { getSignedIn } from './session'
import { signInWithPassword } from './sign-in'

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
