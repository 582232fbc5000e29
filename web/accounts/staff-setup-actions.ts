/**
 * The staff two-step set-up: accepting an invitation (the password and the key together), starting
 * again with a new key, confirming the first code, and a manager's reset of someone else's.
 */
'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { getDb } from '@/db/connection'
import { linkOrigin } from '@/mail/link-origin'
import {
  validateCode,
  validateNewPassword,
  validatePasswordOnly,
  validateResetTwoStep,
  type CodeInput,
  type NewPasswordInput,
  type PasswordInput,
  type ResetTwoStepInput,
} from './validation'
import { getAuth } from './auth'
import { codeAllowance, codeDeviceCookie, withoutSession } from './code-limit'
import { isCommonPassword } from './common-passwords'
import { accountForm, cookiesOf, done, errorCode, refused } from './endpoint'
import { accountLimits as limits } from './limits'
import { isStaffRole } from './roles'
import { activeStaffFrom, getSignedIn } from './session'
import { signInWithPassword } from './sign-in'
import { resetTwoStep, redeemSetupLink } from './staff-invitations'
import { recheck, recheckWait } from './step-up'
import { endOtherSessions, isEnrollingSession, startedBy } from './two-factor'

/**
 * The page a staff invitation (or a reset's set-up link) opens: the owner chooses their password,
 * and in the same step, in this browser, two-step login is started. The link is used up; every
 * other session of the account ends; the new session alone is shown the app's key, once, next.
 */
export const acceptStaffInvitation = accountForm<NewPasswordInput>({
  limiter: limits.resetPassword,
  page: '/staff-setup',
  validate: (body) => {
    const result = validateNewPassword(body)
    if (result.ok && isCommonPassword(result.value.password)) {
      return { ok: false, errors: [{ field: 'password', code: 'passwordCommon' }] }
    }
    return result
  },
  run: async ({ token, password }, { headers }) => {
    if (!token) return refused('setupLinkInvalid')
    const auth = await getAuth()
    const hash = await (await auth.$context).password.hash(password)
    const owner = await redeemSetupLink(await getDb(), token, hash)
    if (!owner) return refused('setupLinkInvalid')
    const fresh = withoutSession(headers)
    const signedIn = await signInWithPassword({ email: owner.email, password, rememberMe: false }, fresh)
    if (!signedIn.ok) return refused('setupLinkInvalid')
    const cookie = signedIn.setCookies.map((line) => line.split(';')[0]!).join('; ')
    const session = new Headers(fresh)
    session.set('cookie', [fresh.get('cookie'), cookie].filter(Boolean).join('; '))
    await auth.api.enableTwoFactor({ body: { password }, headers: session })
    const visitor = await getSignedIn(session)
    if (!visitor) return refused('setupLinkInvalid')
    // The key is this session's alone, shown on the next page once (web/accounts/two-factor.ts).
    await startedBy(visitor)
    return done('/staff-setup', signedIn.setCookies)
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

/**
 * A manager resets another member of staff's two-step login (a lost phone), giving a reason and
 * their own password again: the event names them, every session of that account ends, and its
 * owner is sent a fresh set-up link. A manager's own is reset by another manager or the operator.
 */
export const resetStaffTwoStep = accountForm<ResetTwoStepInput>({
  limiter: limits.changePassword,
  page: '/admin/staff',
  validate: validateResetTwoStep,
  run: async ({ email, reason, password }, { headers }) => {
    const manager = await activeStaffFrom(headers)
    if (!manager || manager.user.role !== 'manager') notFound()
    const checked = await recheck(manager, headers, { password })
    if (checked === 'tooMany') return { ok: false, errors: 'tooMany', fill: { seconds: await recheckWait(manager) } }
    if (checked === 'wrong') return refused([{ field: 'password', code: 'currentPasswordWrong' }])
    const by = { actor: 'manager' as const, userId: manager.user.id, name: manager.user.name }
    const reset = await resetTwoStep(await getDb(), email, { by, reason, origin: linkOrigin() })
    if (!reset.ok && reset.problem === 'own') return refused('resetOwn')
    if (!reset.ok) notFound()
    return done('/admin/staff?reset=1')
  },
})
