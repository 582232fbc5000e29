'use server'

import 'server-only'
import { cookies } from 'next/headers'
import { linkOrigin } from '@/mail/link-origin'
import { getSignedIn } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { validateCheckout, type CheckoutInput } from '@/orders/checkout-validation'
import { validateTracker } from '@/orders/tracker-validation'
import { formAction, type Outcome } from '@/forms/form-action'
import type { Validation } from '@/forms/schema'
import { RateLimiter } from '@/http/rate-limit'
import { getDb } from '@/db/connection'
import { orderPath, tokenPath, viewOrderPath } from '@/orders/order-token'
import { findOrderByLookup } from '@/orders/store'
import { BASKET_COOKIE } from '@/basket/cookie'
import { placeCheckout } from './checkout'
import { sellerAnswer, type SellerAnswer } from './actions'
import { validatePayoutChange, type PayoutChangeInput } from './payout-change-validation'
import { replacePayout, sendPayoutCode } from './seller-payout'
import { orderProblemMessage, type OrderProblemCode } from './problems'

/** An order form's server action: formAction with the Orders document's words. */
function orderEndpoint<T>(options: {
  limiter: RateLimiter
  page: string
  validate: (body: Record<string, string>) => Validation<T, OrderProblemCode>
  run: (value: T, context: { request: Request; origin: string }) => Promise<Outcome<OrderProblemCode>>
  name: string
  secret?: readonly string[]
}) {
  return formAction<T, OrderProblemCode>({
    ...options,
    words: async () => {
      const copy = await getOrderCopy()
      return (code, fill) =>
        orderProblemMessage(
          copy,
          code,
          fill?.seconds === undefined ? undefined : Number(fill.seconds),
          Number(fill?.tries ?? 0),
        )
    },
    run: (value, { request }) => options.run(value, { request, origin: linkOrigin() }),
  })
}

type CheckoutRequest = { input: CheckoutInput; idempotencyKey: string; confirmedPrices: string }

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
            idempotencyKey: body.idempotencyKey ?? '',
            confirmedPrices: body.confirmedPrices ?? '',
          },
        }
      : result
  },
  name: 'Checkout',
  // A bank account's numbers are typed again, never sent back in a page.
  secret: ['sortCode', 'accountNumber'],
  run: async (value, { request, origin }) => {
    const [visitor, jar] = await Promise.all([getSignedIn(request.headers), cookies()])
    const outcome = await placeCheckout({
      ...value,
      basketToken: jar.get(BASKET_COOKIE)?.value,
      userId: visitor?.user.id ?? null,
      origin,
    })
    if (outcome.kind === 'placed') {
      return { ok: true, redirect: orderPath(outcome.reference, 'receipt') }
    }
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

export const changePayout = orderEndpoint<PayoutChangeInput & { token: string }>({
  limiter: new RateLimiter('payout-change', 10, 15 * 60 * 1000),
  page: '/order-tracker-details',
  validate: (body) => {
    const checked = validatePayoutChange(body)
    if (!checked.ok) return checked
    return body.token
      ? { ok: true, value: { ...checked.value, token: body.token } }
      : { ok: false, errors: [{ field: 'code', code: 'linkInvalid' }] }
  },
  name: 'Payout change',
  // A bank account's numbers and the code are typed again, never sent back in a page.
  secret: ['sortCode', 'accountNumber', 'code'],
  run: async ({ token, ...input }, { request, origin }) => {
    const visitor = await getSignedIn(request.headers)
    const changed = await replacePayout(token, input, visitor?.user.id ?? null, origin)
    if (changed.ok) return { ok: true, redirect: `${tokenPath(token)}&done=payout` }
    // A code's problem belongs to the code field; the others to the form.
    return changed.code.startsWith('code')
      ? { ok: false, errors: [{ field: 'code', code: changed.code }], fill: { tries: changed.triesLeft ?? 0 } }
      : { ok: false, errors: changed.code }
  },
})
