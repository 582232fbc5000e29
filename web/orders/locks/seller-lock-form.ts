'use server'

import 'server-only'
import { getSignedIn } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction } from '@/forms/form-action'
import { RateLimiter } from '@/http/rate-limit'
import { orderProblemMessage } from '@/orders/checkout/problems'
import { mayAct, readOrder } from '@/orders/actions/actions'
import { readOrderLink, tokenPath } from '@/orders/record/order-token'
import { LOCK_ACTIONS, parseHoldId } from './lock-input'
import { LOCK_ANCHOR } from '@/orders/lock-hold/lock-names'
import { sellerRemovedLock } from './lock-store'

/**
 * The seller's "I've removed the lock", posted from their order's page with scripts or without.
 * The order is the one their signed link opens (the tracker's link only while signed in to the
 * order's account), never one the form names: a press for another order's hold, an ended hold or
 * a forged link changes nothing; a second press is taken as the first.
 */
type Problem = 'linkInvalid' | 'signedLinkNeeded' | 'sellerNotHeld'

export const lockRemovedForm = formAction<{ token: string; hold: string }, Problem>({
  limiter: new RateLimiter('lock-removed', 20, 10 * 60 * 1000),
  page: '/order-tracker-details',
  validate: (body) => {
    const hold = parseHoldId(body)
    if (!body.token || !hold.ok) return { ok: false, errors: [{ field: 'hold', code: 'linkInvalid' }] }
    return { ok: true, value: { token: body.token, hold: hold.value.hold } }
  },
  words: async () => {
    const copy = await getOrderCopy()
    return (code) => (code === 'sellerNotHeld' ? copy.locks.sellerNotHeld : orderProblemMessage(copy, code))
  },
  name: 'Lock removed',
  run: async ({ token, hold }, { request }) => {
    const link = readOrderLink(token)
    const order = link ? await readOrder(link.reference) : null
    if (!link || !order) return { ok: false, errors: 'linkInvalid' }
    const visitor = await getSignedIn(request.headers)
    if (!mayAct(link.scope, order, visitor?.user.id ?? null)) return { ok: false, errors: 'signedLinkNeeded' }
    const result = await sellerRemovedLock(await getDb(), {
      orderId: order.id,
      holdId: hold,
      actorUserId: order.userId,
    })
    if (!result.ok) return { ok: false, errors: result.reason === 'not-found' ? 'linkInvalid' : 'sellerNotHeld' }
    return { ok: true, redirect: `${tokenPath(token)}&done=${LOCK_ACTIONS.removed}#${LOCK_ANCHOR}` }
  },
})
