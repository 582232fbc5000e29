'use server'

import 'server-only'
import { getSignedIn } from '@/accounts/session'
import { RateLimiter } from '@/http/rate-limit'
import {
  validateCheckout,
  validateFreeCheckout,
  type CheckoutInput,
  type FreeCheckoutInput,
} from '@/orders/checkout/checkout-validation'
import { orderEndpoint } from '@/orders/checkout/order-endpoint'
import { payeeQuestion } from '@/orders/checkout/payee-question'
import { orderPath } from '@/orders/record/order-token'
import { PAYOUT_SECRET_FIELDS, payoutMethodNamed } from '@/payouts/methods'
import { acceptOffer } from './accept'

type AcceptRequest = { token: string; input: CheckoutInput; payoutMethod: string }
type FreeAcceptRequest = { token: string; input: FreeCheckoutInput }

// One limit for both forms that accept an offer.
const limiter = new RateLimiter('offer-accept', 20, 10 * 60 * 1000)

/**
 * Accepting a staff offer: checkout's form and rules, posted with the offer's link instead of a
 * basket, with scripts or without; placed, the seller is sent to the order's receipt, as at checkout.
 */
export const acceptOfferForm = orderEndpoint<AcceptRequest>({
  limiter,
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
      free: false,
      userId: visitor?.user.id ?? null,
      origin,
      payee: { token: body.payeeToken, choice: body.payeeChoice },
    })
    if (outcome.kind === 'placed') return { ok: true, redirect: orderPath(outcome.reference, 'receipt') }
    if (outcome.kind === 'ask') return payeeQuestion(outcome)
    return { ok: false, errors: outcome.code }
  },
})

/**
 * Accepting a free recycling offer: the same, with checkout's address and declarations and no
 * payout details (nothing is paid). The offer must be a recycling one (acceptOffer refuses the
 * other kind), so neither form can place the other's order.
 */
export const acceptFreeOfferForm = orderEndpoint<FreeAcceptRequest>({
  limiter,
  page: '/complete-order',
  validate: (body) => {
    const result = validateFreeCheckout(body)
    return result.ok ? { ok: true, value: { token: body.offer ?? '', input: result.value } } : result
  },
  name: 'Free recycling offer accept',
  secret: PAYOUT_SECRET_FIELDS,
  run: async (value, { request, origin }) => {
    const visitor = await getSignedIn(request.headers)
    const outcome = await acceptOffer({ ...value, free: true, userId: visitor?.user.id ?? null, origin })
    if (outcome.kind === 'placed') return { ok: true, redirect: orderPath(outcome.reference, 'receipt') }
    if (outcome.kind === 'ask') return payeeQuestion(outcome)
    return { ok: false, errors: outcome.code }
  },
})
