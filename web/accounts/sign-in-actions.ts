/**
 * Signing in and out: the login form, its second step (a code from the app or a backup code), and
 * signing out of this browser or everywhere.
 */
'use server'

import 'server-only'
import { validateCode, validateLogin, type CodeInput } from '@/accounts/validation'
import { accountForm, cookiesOf, done, errorCode, refused } from './endpoint'
import { getAuth } from './auth'
import { carriesSession, challengeAccount, codeAllowance, codeDeviceCookie, withoutSession } from './code-limit'
import { accountLimits as limits } from './limits'
import { safeNextPath } from './next-path'
import { getSignedIn } from './session'
import { signInWithPassword } from './sign-in'

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
