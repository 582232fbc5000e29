'use server'

import 'server-only'
import { getSignedIn } from '@/accounts/session'
import { RateLimiter } from '@/http/rate-limit'
import { validateCheckout, type CheckoutInput } from '@/orders/checkout/checkout-validation'
import { orderEndpoint } from '@/orders/checkout/order-endpoint'
import { payeeQuestion } from '@/orders/checkout/payee-question'
import { orderPath } from '@/orders/record/order-token'
import { PAYOUT_SECRET_FIELDS, payoutMethodNamed } from '@/payouts/methods'
import { acceptOffer } from './accept'

type AcceptRequest = { token: string; input: CheckoutInput; payoutMethod: string }

/**
 * Accepting a staff offer: checkout's form and rules, posted with the offer's link instead of a
 * basket, with scripts or without; placed, the seller is sent to the order's receipt, as at checkout.
 */
export const acceptOfferForm = orderEndpoint<AcceptRequest>({
  limiter: new RateLimiter('offer-accept', 20, 10 * 60 * 1000),
  page: '/complete-order',
  validate: (body) => {
    const result = validateCheckout(body)
    return result.ok
      ? {
          ok: true,
          value: {
            token: body.offer ?? '',
            input: result.value,
            payoutMethod: payoutMethodNamed(body.payoutMethod).id,
          },
        }
      : result
  },
  name: 'Staff offer accept',
  secret: PAYOUT_SECRET_FIELDS,
  run: async (value, { request, origin, body }) => {
    const visitor = await getSignedIn(request.headers)
    const outcome = await acceptOffer({
      ...value,
      userId: visitor?.user.id ?? null,
      origin,
      payee: { token: body.payeeToken, choice: body.payeeChoice },
    })
    if (outcome.kind === 'placed') return { ok: true, redirect: orderPath(outcome.reference, 'receipt') }
    if (outcome.kind === 'ask') return payeeQuestion(outcome)
    return { ok: false, errors: outcome.code }
  },
})
