import * as v from 'valibot'
import { text, validatorFor, type Validation } from '@/forms/schema'
import type { PayoutCodeProblem } from '@/orders/checkout/problems'
import {
  DEFAULT_PAYOUT_METHOD as PAYOUT,
  PAYOUT_METHODS,
  payoutMethodNamed,
  type PayoutMethodAny,
  type PayoutProblem,
} from '@/payouts/methods'

/**
 * The rules of the form that changes an order's bank details: the code e-mailed to the order's
 * address, then the new details, checked by the very rules checkout uses (the payout method's). Run in the
 * browser for instant messages and again on the server.
 */
export type { PayoutCodeProblem } from '@/orders/checkout/problems'

const code = v.pipe(
  text,
  // Typed as the e-mail shows it, or with a space in the middle.
  v.transform((typed) => typed.replace(/[\s-]/g, '')),
  v.nonEmpty('codeMissing'),
  v.regex(/^[0-9]{6}$/, 'codeInvalid'),
)

/** The payout method's fields as checkout shows them (labels, hints, input modes), in checkout's order. */
export const PAYOUT_BANK_FIELDS = PAYOUT.fields

/** The change's schema with the given method's fields: the code, then the new details as the method keeps them. */
const payoutChangeSchemaFor = (method: PayoutMethodAny) =>
  v.pipe(
    v.object({ code, ...Object.fromEntries(method.fields.map(({ name, rule }) => [name, rule])) } as {
      code: typeof code
    } & { [F in (typeof PAYOUT.fields)[number] as F['name']]: F['rule'] }),
    v.transform(({ code, ...fields }) => ({ code, details: method.details(fields) })),
  )
type PayoutChangeSchema = ReturnType<typeof payoutChangeSchemaFor>
const validators = new Map(
  PAYOUT_METHODS.map((method) => [method.id, validatorFor<string, PayoutChangeSchema>(payoutChangeSchemaFor(method))]),
)

/** A change as the order takes it: the code and the new bank details, normalised. */
export type PayoutChangeInput = v.InferOutput<PayoutChangeSchema>

/** A change, checked with the fields of the payout method it names (`payoutMethod`; the default when it names none). */
export const validatePayoutChange = (
  body: unknown,
): Validation<PayoutChangeInput, PayoutCodeProblem | PayoutProblem | 'nameTooLong' | 'nameInvalid'> =>
  validators.get(payoutMethodNamed((body as { payoutMethod?: unknown } | null)?.payoutMethod).id)!(body) as Validation<
    PayoutChangeInput,
    PayoutCodeProblem | PayoutProblem | 'nameTooLong' | 'nameInvalid'
  >
