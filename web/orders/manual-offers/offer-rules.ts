import type { Validation } from '@/forms/schema'
import type { FieldIssue } from '@/lib/field-problem'
import { poundsToPence } from '@/lib/money'
import { OFFER_MAX_PENCE, OFFER_MIN_PENCE } from '@/lib/offer-bounds'

/** What a staff offer's form can be refused for; each names its words in the Contact inbox document. */
export const OFFER_PROBLEMS = [
  'modelMissing',
  'priceInvalid',
  'recycleWithPrice',
  'reasonMissing',
  'messageGone',
  'offerClosed',
] as const
export type OfferProblem = (typeof OFFER_PROBLEMS)[number]

export const OFFER_MODEL_MAX = 120
export const OFFER_REASON_MAX = 500

export type OfferInput = { messageId: string; model: string; pricePence: number; recycle: boolean; reason: string }

/** The offer form's tick box for free recycling, as a checkbox posts it. */
const ticked = (value: string | undefined) => value === 'true' || value === 'on'

/**
 * A staff offer as typed: the model, the price in pounds (kept in whole pence, within the bounds
 * in web/lib/offer-bounds.ts) or free recycling ticked instead (£0, with no price typed: a price
 * of nought typed is refused as any other out of bounds, so no slip makes a £0 offer), and the
 * reason. Run on the server whatever the browser checked.
 */
export function validateOffer(body: Record<string, string>): Validation<OfferInput, OfferProblem> {
  const model = (body.model ?? '').trim()
  const reason = (body.reason ?? '').trim()
  const recycle = ticked(body.recycle)
  const typed = (body.price ?? '').trim()
  const pricePence = recycle ? 0 : poundsToPence(typed)
  const errors: FieldIssue<OfferProblem>[] = []
  if (!model || model.length > OFFER_MODEL_MAX) errors.push({ field: 'model', code: 'modelMissing' })
  if (recycle && typed) errors.push({ field: 'price', code: 'recycleWithPrice' })
  else if (!recycle && (pricePence === null || pricePence < OFFER_MIN_PENCE || pricePence > OFFER_MAX_PENCE))
    errors.push({ field: 'price', code: 'priceInvalid' })
  if (!reason || reason.length > OFFER_REASON_MAX) errors.push({ field: 'reason', code: 'reasonMissing' })
  if (errors.length || pricePence === null) return { ok: false, errors }
  return { ok: true, value: { messageId: body.messageId ?? '', model, pricePence, recycle, reason } }
}

/** The page a staff offer's e-mail opens: checkout, with the offer in place of a basket. */
export const offerPath = (token: string) => `/complete-order?offer=${encodeURIComponent(token)}`
