import 'server-only'
import { createHash } from 'node:crypto'
import { getConditionGrades, getOrderCopy, getPriceList, getPricingRules, getTermsRevision } from '@/content/loaders'
import type { FieldIssue } from '@/lib/field-problem'
import type { CheckoutInput, CheckoutProblem } from '@/orders/checkout/checkout-validation'
import { findBasket } from '@/basket/store'
import { getDb, type Db } from '@/db/connection'
import { addDays } from '@/orders/record/lifecycle'
import { findOrderByKey, placeOrder, type NewOrderItem } from '@/orders/record/store'
import { isUuid } from '@/orders/record/order-values'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { payoutMatch } from '@/payouts/payout-match'
import { formatStorage } from '@/lib/storage-size'
import { priceOf } from '@/lib/pricing'
import type { BasketView } from '@/basket/types'
import { priceBasket } from '@/basket/price-basket'
import { kickOutbox } from '@/mail/outbox-kick'
import { kickLabels } from '@/orders/parcels/jobs'
import { orderMail } from '@/orders/record/mail'
import { askAtCheckout } from '@/orders/identity/identity-store'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { payoutMethodNamed } from '@/payouts/methods'
import { checkPayout } from '@/payouts/payee-check'
import type { PayeeQuestion } from '@/payouts/payee-questions'

/**
 * What the seller confirmed: each line with its quantity and the price each they were shown. If
 * the server prices the basket differently now, the seller is shown the new prices and asked again.
 */
export function basketSignature(basket: BasketView): string {
  return basket.lines.map((line) => `${line.id}:${line.quantity}:${line.pricePence ?? 'x'}`).join(',')
}

export type CheckoutOutcome =
  | { kind: 'placed'; reference: string }
  | { kind: 'problem'; code: 'basketEmpty' | 'pricesChanged' | 'keyReused'; status: number }
  | { kind: 'invalid'; errors: FieldIssue<CheckoutProblem>[] }
  /** Confirmation of Payee asks the seller first: its question, the bank's name, the token for the answer. */
  | { kind: 'ask'; question: PayeeQuestion; bankName: string | null; token: string }

/**
 * Places the visitor's basket as an order. Prices are computed again here, from the published
 * catalogue, at this moment; nothing the browser sends sets one.
 */
export async function placeCheckout(request: {
  basketToken: string | undefined
  input: CheckoutInput
  /** The payout method the form named (payouts/methods.ts); the default when none. */
  payoutMethod?: string
  idempotencyKey: string
  confirmedPrices: string
  userId: string | null
  origin: string
  /** The seller's answer to Confirmation of Payee's question, with its token, when there was one. */
  payee?: { token?: string; choice?: string }
}): Promise<CheckoutOutcome> {
  if (!isUuid(request.idempotencyKey)) return { kind: 'problem', code: 'keyReused', status: 400 }
  const [models, grades, rules, termsRevision, mailContext, orderCopy] = await Promise.all([
    getPriceList(),
    getConditionGrades(),
    getPricingRules(),
    getTermsRevision(),
    loadOrderMailContext(request.origin),
    getOrderCopy(),
  ])
  const db = await getDb()
  const found = request.basketToken ? await findBasket(db, request.basketToken) : null
  const view = found ? priceBasket(found.lines, models, grades, rules.basketLimit) : null
  const { input } = request

  if (!found || !view || view.count === 0) return answerWithoutBasket(db, request)
  if (view.lines.some((line) => line.pricePence === null) || basketSignature(view) !== request.confirmedPrices) {
    return { kind: 'problem', code: 'pricesChanged', status: 409 }
  }

  const modelById = new Map(models.map((model) => [model._id, model]))
  const gradeByKey = new Map(grades.map((grade) => [grade.key, grade]))
  const items: NewOrderItem[] = found.lines
    .filter((line) => line.quantity > 0)
    .flatMap((line) => {
      const model = modelById.get(line.modelId)!
      const variant = model.variants.find((candidate) => candidate.key === line.variantKey)
      const item: NewOrderItem = {
        modelId: model._id,
        device: [model.make, model.name, variant ? formatStorage(variant.storageGb) : null].filter(Boolean).join(' '),
        variantKey: line.variantKey,
        gradeKey: line.gradeKey,
        gradeName: gradeByKey.get(line.gradeKey)?.name ?? line.gradeKey,
        answers: line.answers,
        pricePence: priceOf(model, line.variantKey, line.gradeKey)!,
        catalogueRevision: model.revision,
      }
      // One row per device: each is checked, graded and priced on its own.
      return Array.from({ length: line.quantity }, () => ({ ...item }))
    })

  const keys = readPayoutKeys()
  const method = payoutMethodNamed(request.payoutMethod)
  // The bank is asked whether the name is the account's before the order is placed.
  const payee = await checkPayout({ methodId: method.id, details: method.details(input), keys, ...request.payee })
  if (payee.kind === 'ask') return payee
  const payout = payee.details
  const now = new Date()
  const match = payoutMatch(payout, keys, method)
  const totalPence = items.reduce((sum, item) => sum + item.pricePence, 0)
  const result = await placeOrder(db, {
    idempotencyKey: request.idempotencyKey,
    requestHash: hashRequest(request),
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
    sealPayout: (reference) => sealPayout(payout, reference, keys),
    payoutMatch: match,
    payoutLast4: method.last4(payout),
    payee: payee.record,
    payoutMethod: method.id,
    marketingConsent: input.marketing,
    postagePack: input.postagePack,
    termsRevision,
    declarations: input.declarations,
    holdUntil: addDays(now, rules.priceHoldDays),
    items,
    basket: { id: found.id, lines: found.lines.map(({ id, quantity }) => ({ id, quantity })) },
    emails: ({ reference }) =>
      orderMail(
        'orderConfirmation',
        {
          reference,
          name: input.name,
          email: input.email,
          totalPence,
          holdUntil: addDays(now, rules.priceHoldDays),
          offerDeadline: null,
          payoutLast4: method.last4(payout),
          payoutMethod: method.id,
          returnTracking: null,
          postagePack: input.postagePack,
          items: items.map((item) => ({ ...item, revisedPricePence: null, revisedReason: null })),
        },
        mailContext,
      ),
    afterPlace: (tx, placed) =>
      askAtCheckout(
        tx,
        { id: placed.id, totalPence, payoutMatch: match, email: input.email },
        orderCopy.identity,
        mailContext,
      ),
  })
  // 'closed' answers an order from a staff offer only: checkout gives none.
  if (result.kind === 'key-reused' || result.kind === 'closed')
    return { kind: 'problem', code: 'keyReused', status: 409 }
  // Another tab placed this basket (or changed it) while this one was being sent.
  if (result.kind === 'basket-changed') {
    const now = request.basketToken ? await findBasket(db, request.basketToken) : null
    if (now?.lines.some((line) => line.quantity > 0)) return { kind: 'problem', code: 'pricesChanged', status: 409 }
    return answerWithoutBasket(db, request)
  }
  if (result.kind === 'placed') {
    kickOutbox()
    // The carrier's tracked label, asked for now: the seller is not kept waiting for it.
    kickLabels()
  }
  return { kind: 'placed', reference: result.reference }
}

/**
 * A checkout with nothing (left) in the basket: the order this form placed, if a retry, or a 409.
 * A second tab's form, with its own key, finds the basket its first tab placed emptied.
 */
async function answerWithoutBasket(
  db: Db,
  request: { idempotencyKey: string; input: CheckoutInput; confirmedPrices: string; userId: string | null },
): Promise<CheckoutOutcome> {
  const earlier = await findOrderByKey(db, request.idempotencyKey)
  if (!earlier) return { kind: 'problem', code: 'basketEmpty', status: 409 }
  return earlier.requestHash === hashRequest(request)
    ? { kind: 'placed', reference: earlier.reference }
    : { kind: 'problem', code: 'keyReused', status: 409 }
}

/** Everything that makes this order this order, so a key sent again with other details is caught. */
function hashRequest(request: { input: CheckoutInput; confirmedPrices: string; userId: string | null }): string {
  const canonical = JSON.stringify([request.input, request.confirmedPrices, request.userId])
  return createHash('sha256').update(canonical).digest('hex')
}
