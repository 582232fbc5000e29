/** Accepting a staff offer: the offer its link opens, for the page, and the order it places. */
import 'server-only'
import { createHash } from 'node:crypto'
import { getOrderCopy, getPricingRules, getTermsRevision } from '@/content/loaders'
import type { CheckoutInput, FreeCheckoutInput } from '@/orders/checkout/checkout-validation'
import { getDb } from '@/db/connection'
import { kickOutbox } from '@/mail/outbox-kick'
import { kickLabels } from '@/orders/parcels/jobs'
import { addDays } from '@/orders/record/lifecycle'
import { orderMail } from '@/orders/record/mail'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { readOfferToken } from '@/orders/record/order-token'
import { placeOrder, type NewOrderItem } from '@/orders/record/store'
import { payoutMethodNamed } from '@/payouts/methods'
import { checkPayout } from '@/payouts/payee-check'
import type { PayeeQuestion } from '@/payouts/payee-questions'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { payoutMatch } from '@/payouts/payout-match'
import { claimOffer, findOffer, isOpen, markOfferAccepted } from './offer-store'

export type OfferOnPage = {
  model: string
  pricePence: number
  /** Free recycling: the page asks no payout details, and its form posts to the free accept. */
  recycle: boolean
  expiresAt: Date
  name: string
  email: string
}

/** The offer a link opens, for its page: null when the link is not the offer's, or it is no longer open. */
export async function openOfferFor(token: string): Promise<OfferOnPage | null> {
  const id = readOfferToken(token)
  const offer = id ? await findOffer(await getDb(), id) : null
  if (!offer || !isOpen(offer)) return null
  const { model, pricePence, recycle, expiresAt, senderName: name, senderEmail: email } = offer
  return { model, pricePence, recycle, expiresAt, name, email }
}

/** The catalogue ids an offer's device is recorded under: it is in no catalogue. */
export const OFFER_MODEL_ID = 'staff-offer'

export type AcceptOutcome =
  | { kind: 'placed'; reference: string }
  | { kind: 'problem'; code: 'linkInvalid' | 'offerClosed'; status: number }
  | { kind: 'ask'; question: PayeeQuestion; bankName: string | null; token: string }

/**
 * Accepts a staff offer: an order like checkout's, from the seller's details (checked by
 * checkout's rules) and the offer's device at the offer's price, never one the browser sent. The
 * token must be the offer's signed link; the offer is locked in the order's transaction, so a
 * withdrawal and an accept go one after the other. The order's key is the offer's: an offer makes
 * one order, and the same form sent twice is answered with it; other details are refused (409) as
 * an offer no longer open. A free recycling offer is accepted only by the free form (`free`, with
 * no payout details: its order has none, and nothing pays it), a priced one only by checkout's:
 * either sent to the other's is refused as a link that does not open an offer there (404).
 */
export async function acceptOffer(request: {
  token: string
  free: boolean
  input: CheckoutInput | FreeCheckoutInput
  payoutMethod?: string
  userId: string | null
  origin: string
  payee?: { token?: string; choice?: string }
}): Promise<AcceptOutcome> {
  const id = readOfferToken(request.token)
  const db = await getDb()
  const offer = id ? await findOffer(db, id) : null
  if (!id || !offer) return { kind: 'problem', code: 'linkInvalid', status: 404 }
  if (offer.recycle !== request.free) return { kind: 'problem', code: 'linkInvalid', status: 404 }
  if (!isOpen(offer) && offer.status !== 'accepted') return { kind: 'problem', code: 'offerClosed', status: 409 }
  const [rules, termsRevision, mailContext, copy] = await Promise.all([
    getPricingRules(),
    getTermsRevision(),
    loadOrderMailContext(request.origin),
    getOrderCopy(),
  ])
  const { input } = request
  const keys = readPayoutKeys()
  const method = payoutMethodNamed(request.payoutMethod)
  // Nothing is paid for free recycling: no payout details are asked, checked or kept.
  const payee = offer.recycle
    ? null
    : await checkPayout({ methodId: method.id, details: method.details(input), keys, ...request.payee })
  if (payee?.kind === 'ask') return payee
  const payout = payee ? payee.details : null
  const last4 = payout ? method.last4(payout) : null
  const now = new Date()
  const holdUntil = addDays(now, rules.priceHoldDays)
  const item: NewOrderItem = {
    modelId: OFFER_MODEL_ID,
    device: offer.model,
    variantKey: OFFER_MODEL_ID,
    gradeKey: OFFER_MODEL_ID,
    gradeName: copy.checkout.offerCondition,
    answers: {},
    pricePence: offer.pricePence,
    catalogueRevision: `${OFFER_MODEL_ID}:${offer.id}`,
  }
  const result = await placeOrder(db, {
    idempotencyKey: `${OFFER_MODEL_ID}:${offer.id}`,
    requestHash: createHash('sha256')
      .update(JSON.stringify([input, request.userId]))
      .digest('hex'),
    userId: request.userId,
    contact: {
      name: input.name,
      email: input.email,
      phone: input.phone,
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2,
      town: input.town,
      postcode: input.postcode,
    },
    sealPayout: payout && ((reference) => sealPayout(payout, reference, keys)),
    payoutMatch: payout && payoutMatch(payout, keys, method),
    payoutLast4: last4,
    payee: payee?.record ?? null,
    payoutMethod: method.id,
    marketingConsent: input.marketing,
    postagePack: input.postagePack,
    termsRevision,
    declarations: input.declarations,
    holdUntil,
    items: [item],
    basket: null,
    offer: {
      claim: (tx) => claimOffer(tx, offer.id, now),
      placed: (tx, placed) => markOfferAccepted(tx, offer.id, placed.id, now),
      madeBy: { userId: offer.madeBy, name: offer.madeByName, reason: offer.reason },
    },
    emails: ({ reference }) =>
      orderMail(
        'orderConfirmation',
        {
          reference,
          name: input.name,
          email: input.email,
          totalPence: offer.pricePence,
          holdUntil,
          offerDeadline: null,
          payoutLast4: last4,
          payoutMethod: method.id,
          returnTracking: null,
          postagePack: input.postagePack,
          items: [{ ...item, revisedPricePence: null, revisedReason: null }],
        },
        mailContext,
      ),
  })
  // Withdrawn or expired meanwhile; or accepted already, by a form with other details.
  if (result.kind === 'closed' || result.kind === 'key-reused' || result.kind === 'basket-changed')
    return { kind: 'problem', code: 'offerClosed', status: 409 }
  if (result.kind === 'placed') {
    kickOutbox()
    // The carrier's tracked label, as for any order placed.
    kickLabels()
  }
  return { kind: 'placed', reference: result.reference }
}
