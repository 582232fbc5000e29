import * as v from 'valibot'
import { normalised, oneLine, validatorFor, type Validation } from '@/forms/schema'
import { normaliseReference } from '@/lib/reference-format'
import { normalisePostcode } from '@/lib/uk-formats'
import type { CheckoutProblem } from './checkout-validation'

/**
 * The order tracker's rules, in the browser and again on the server: the reference, and the
 * order's e-mail address or its postcode. Its problems are the checkout's codes (the Orders
 * document's words).
 */
const trackerSchema = v.pipe(
  v.object({
    reference: normalised<CheckoutProblem>(normaliseReference, 'referenceMissing', 'referenceInvalid'),
    lookup: v.pipe(oneLine, v.nonEmpty<string, CheckoutProblem>('lookupMissing')),
  }),
  v.transform(({ reference, lookup }): { reference: string; lookup: { email: string } | { postcode: string } } => {
    const postcode = normalisePostcode(lookup)
    return { reference, lookup: lookup.includes('@') || !postcode ? { email: lookup.toLowerCase() } : { postcode } }
  }),
)

/** The tracker's two fields: the reference, and the order's e-mail address or its postcode. */
export const validateTracker = validatorFor<CheckoutProblem, typeof trackerSchema>(trackerSchema) as (
  body: unknown,
) => Validation<TrackerInput, CheckoutProblem>

export type TrackerInput = v.InferOutput<typeof trackerSchema>
