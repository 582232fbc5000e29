'use server'

import 'server-only'
import { getDb } from '@/db/connection'
import { validateNewPassword, type NewPasswordInput } from './validation'
import { getAuth } from './auth'
import { withoutSession } from './code-limit'
import { isCommonPassword } from './common-passwords'
import { accountForm, done, refused } from './endpoint'
import { accountLimits as limits } from './limits'
import { getSignedIn } from './session'
import { signInWithPassword } from './sign-in'
import { useSetupLink } from './staff-invitations'
import { startedBy } from './two-factor'

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
    const owner = await useSetupLink(await getDb(), token, hash)
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
