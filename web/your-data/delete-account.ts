'use server'

import 'server-only'
import { getAuth } from '@/accounts/auth'
import { accountForm, cookiesOf, done, errorCode, refused } from '@/accounts/endpoint'
import { accountLimits as limits } from '@/accounts/limits'
import { sendAccountMail } from '@/accounts/mail'
import { getSignedIn } from '@/accounts/session'
import { isLastManager } from '@/accounts/store'
import { validateDelete } from '@/accounts/validation'
import { getDb } from '@/db/connection'
import { eraseAccount, hasOpenOrders } from './erasure'

/**
 * The profile's "Delete my account": the current password again, then everything the account
 * holds in every room erased (eraseAccount), unless an order is still open or it is the last manager.
 */
export const deleteAccount = accountForm({
  limiter: limits.deleteAccount,
  page: '/profile',
  validate: validateDelete,
  run: async ({ currentPassword }, { headers }) => {
    const visitor = await getSignedIn(headers)
    if (!visitor) return done('/login?next=/profile')
    const auth = await getAuth()
    try {
      await auth.api.verifyPassword({ body: { password: currentPassword }, headers })
    } catch (error) {
      if (errorCode(error) === null) throw error
      return refused([{ field: 'currentPassword', code: 'currentPasswordWrong' }])
    }
    const db = await getDb()
    if (await hasOpenOrders(db, visitor.user)) return refused('openOrders')
    if (await isLastManager(db, visitor.user)) return refused('lastManager')
    const signedOut = await auth.api.signOut({ headers, returnHeaders: true })
    if ((await eraseAccount(db, visitor.user.id)) === 'open-orders') return refused('openOrders')
    await sendAccountMail('accountDeleted', visitor.user)
    return done('/login?notice=deleted', cookiesOf(signedOut.headers))
  },
})
