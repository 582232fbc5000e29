'use server'

import 'server-only'
import { getSignedIn } from '@/accounts/session'
import { RateLimiter } from '@/http/rate-limit'
import { orderEndpoint } from '@/orders/checkout/order-endpoint'
import { tokenPath } from '@/orders/record/order-token'
import { PAYOUT_SECRET_FIELDS, payoutMethodNamed } from '@/payouts/methods'
import { validatePayoutChange, type PayoutChangeInput } from './payout-change-validation'
import { replacePayout, sendPayoutCode } from './seller-payout'
import { payeeQuestion } from '@/orders/checkout/payee-question'

/** Where the bank details part of an order's page is, for the link it was opened by. */
const payoutSection = (token: string, query = '') => `${tokenPath(token)}${query}#payout-change`

export const askPayoutCode = orderEndpoint<{ token: string }>({
  // A few codes: a lost e-mail, a typing slip. The order itself allows a few an hour (payout-change.ts).
  limiter: new RateLimiter('payout-code', 5, 15 * 60 * 1000),
  page: '/order-tracker-details',
  validate: (body) =>
    body.token
      ? { ok: true, value: { token: body.token } }
      : { ok: false, errors: [{ field: 'token', code: 'linkInvalid' }] },
  name: 'Payout code',
  run: async ({ token }, { request, origin }) => {
    const visitor = await getSignedIn(request.headers)
    const sent = await sendPayoutCode(token, visitor?.user.id ?? null, origin)
    return sent.ok ? { ok: true, redirect: payoutSection(token, '&payout=code') } : { ok: false, errors: sent.code }
  },
})

export const changePayout = orderEndpoint<PayoutChangeInput & { payoutMethod: string; token: string }>({
  limiter: new RateLimiter('payout-change', 10, 15 * 60 * 1000),
  page: '/order-tracker-details',
  validate: (body) => {
    const checked = validatePayoutChange(body)
    if (!checked.ok) return checked
    return body.token
      ? {
          ok: true,
          value: { ...checked.value, payoutMethod: payoutMethodNamed(body.payoutMethod).id, token: body.token },
        }
      : { ok: false, errors: [{ field: 'code', code: 'linkInvalid' }] }
  },
  name: 'Payout change',
  // The payout details' numbers and the code are typed again, never sent back in a page.
  secret: [...PAYOUT_SECRET_FIELDS, 'code'],
  run: async ({ token, ...input }, { request, origin, body }) => {
    const visitor = await getSignedIn(request.headers)
    const changed = await replacePayout(token, input, visitor?.user.id ?? null, origin, {
      token: body.payeeToken,
      choice: body.payeeChoice,
    })
    if (changed.ok) return { ok: true, redirect: `${tokenPath(token)}&done=payout` }
    if ('ask' in changed) return payeeQuestion(changed.ask)
    // A code's problem belongs to the code field; the others to the form.
    return changed.code.startsWith('code')
      ? { ok: false, errors: [{ field: 'code', code: changed.code }], fill: { tries: changed.triesLeft ?? 0 } }
      : { ok: false, errors: changed.code }
  },
})
