'use server'

import 'server-only'
import { cookies } from 'next/headers'
import { getSignedIn } from '@/accounts/session'
import { validateCheckout, type CheckoutInput } from '@/orders/checkout/checkout-validation'
import { validateTracker } from '@/orders/checkout/tracker-validation'
import { RateLimiter } from '@/http/rate-limit'
import { getDb } from '@/db/connection'
import { orderPath, tokenPath, viewOrderPath } from '@/orders/record/order-token'
import { findOrderByLookup } from '@/orders/record/store'
import { BASKET_COOKIE } from '@/basket/cookie'
import { placeCheckout } from './checkout'
import { sellerAnswer, sellerNewLabel, type SellerAnswer } from '@/orders/actions/actions'
import { orderEndpoint } from './order-endpoint'
import { PAYOUT_SECRET_FIELDS, payoutMethodNamed } from '@/payouts/methods'
import { payeeQuestion } from './payee-question'

type CheckoutRequest = { input: CheckoutInput; payoutMethod: string; idempotencyKey: string; confirmedPrices: string }

export const checkout = orderEndpoint<CheckoutRequest>({
  // Generous: a household selling several phones may correct a form a few times.
  limiter: new RateLimiter('checkout', 20, 10 * 60 * 1000),
  page: '/complete-order',
  validate: (body) => {
    const result = validateCheckout(body)
    return result.ok
      ? {
          ok: true,
          value: {
            input: result.value,
            payoutMethod: payoutMethodNamed(body.payoutMethod).id,
            idempotencyKey: body.idempotencyKey ?? '',
            confirmedPrices: body.confirmedPrices ?? '',
          },
        }
      : result
  },
  name: 'Checkout',
  // The payout details' numbers are typed again, never sent back in a page.
  secret: PAYOUT_SECRET_FIELDS,
  run: async (value, { request, origin, body }) => {
    const [visitor, jar] = await Promise.all([getSignedIn(request.headers), cookies()])
    const outcome = await placeCheckout({
      ...value,
      basketToken: jar.get(BASKET_COOKIE)?.value,
      userId: visitor?.user.id ?? null,
      origin,
      payee: { token: body.payeeToken, choice: body.payeeChoice },
    })
    if (outcome.kind === 'placed') {
      return { ok: true, redirect: orderPath(outcome.reference, 'receipt') }
    }
    if (outcome.kind === 'ask') return payeeQuestion(outcome)
    if (outcome.kind === 'invalid') return { ok: false, errors: outcome.errors }
    return { ok: false, errors: outcome.code }
  },
})

export const trackOrder = orderEndpoint({
  // Ten tries in ten minutes per client: plenty for typing mistakes, useless for guessing.
  limiter: new RateLimiter('track', 10, 10 * 60 * 1000),
  page: '/order-tracker',
  validate: validateTracker,
  name: 'Order lookup',
  run: async ({ reference, lookup }) => {
    const found = await findOrderByLookup(await getDb(), reference, lookup)
    // A wrong pair and an unknown reference are answered alike.
    if (!found) return { ok: false, errors: 'notFound' }
    // To see where it is: both halves are printed on the parcel, so this link changes nothing.
    return { ok: true, redirect: viewOrderPath(reference) }
  },
})

const ANSWERS = ['accept', 'decline', 'cancel', 'return'] as const satisfies readonly SellerAnswer[]
type Answer = { token: string; answer: (typeof ANSWERS)[number]; item: string }
const REFUSED = {
  accept: 'offerClosed',
  decline: 'offerClosed',
  cancel: 'cannotCancel',
  return: 'cannotReturn',
} as const

export const answerOffer = orderEndpoint<Answer>({
  limiter: new RateLimiter('answer', 20, 10 * 60 * 1000),
  page: '/order-tracker-details',
  validate: (body) => {
    const answer = ANSWERS.find((candidate) => candidate === body.answer)
    if (!answer || !body.token) return { ok: false, errors: [{ field: 'answer', code: 'linkInvalid' }] }
    // Accepting or declining is per device: the form names the device it answers for (checked
    // once the link is known to allow answering at all).
    return { ok: true, value: { token: body.token, answer, item: body.item ?? '' } }
  },
  name: 'Order answer',
  run: async ({ token, answer, item }, { request, origin }) => {
    const visitor = await getSignedIn(request.headers)
    const result = await sellerAnswer(
      token,
      answer === 'cancel' || answer === 'return' ? { kind: answer } : { kind: answer, itemId: item },
      origin,
      visitor?.user.id ?? null,
    )
    // Back to the page the answer came from, with the link it was opened by.
    if (result.ok) {
      const where = answer === 'accept' || answer === 'decline' ? `#device-${encodeURIComponent(item)}` : ''
      return { ok: true, redirect: `${tokenPath(token)}&done=${answer}${where}` }
    }
    if (result.code === 'notFound') return { ok: false, errors: 'linkInvalid' }
    if (result.code === 'signedLinkNeeded') return { ok: false, errors: 'signedLinkNeeded' }
    return { ok: false, errors: REFUSED[answer] }
  },
})

/** A second postage label, from the order's page: the seller's own link only. */
export const newLabel = orderEndpoint<{ token: string }>({
  limiter: new RateLimiter('new-label', 10, 10 * 60 * 1000),
  page: '/order-tracker-details',
  validate: (body) =>
    body.token
      ? { ok: true, value: { token: body.token } }
      : { ok: false, errors: [{ field: 'token', code: 'linkInvalid' }] },
  name: 'New label',
  run: async ({ token }, { request }) => {
    const visitor = await getSignedIn(request.headers)
    const result = await sellerNewLabel(token, visitor?.user.id ?? null)
    if (result.ok) return { ok: true, redirect: `${tokenPath(token)}&done=label` }
    return { ok: false, errors: result.code === 'notFound' ? 'linkInvalid' : result.code }
  },
})
