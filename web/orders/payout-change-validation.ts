import * as v from 'valibot'
import { text, validatorFor, type Validation } from '@/forms/schema'
import { BANK_RULES, CHECKOUT_FIELDS, formatSortCode, type CheckoutProblem } from './checkout-validation'

/**
 * The rules of the form that changes an order's bank details: the code e-mailed to the order's
 * address, then the new account, checked by the very rules checkout uses (BANK_RULES). Run in the
 * browser for instant messages and again on the server.
 */
export const PAYOUT_CODE_PROBLEMS = ['codeMissing', 'codeInvalid'] as const
export type PayoutCodeProblem = (typeof PAYOUT_CODE_PROBLEMS)[number]

const code = v.pipe(
  text,
  // Typed as the e-mail shows it, or with a space in the middle.
  v.transform((typed) => typed.replace(/[\s-]/g, '')),
  v.nonEmpty('codeMissing'),
  v.regex(/^[0-9]{6}$/, 'codeInvalid'),
)

/** The bank fields as checkout shows them (labels, hints, input modes), in checkout's order. */
export const PAYOUT_BANK_FIELDS = CHECKOUT_FIELDS.filter(
  (field) => field.name === 'accountHolder' || field.name === 'sortCode' || field.name === 'accountNumber',
)

const payoutChangeSchema = v.pipe(
  v.object({ code, ...BANK_RULES }),
  v.transform(({ code, accountHolder, sortCode, accountNumber }) => ({
    code,
    details: { accountHolder, sortCode: formatSortCode(sortCode), accountNumber },
  })),
)

/** A change as the order takes it: the code and the new bank details, normalised. */
export type PayoutChangeInput = v.InferOutput<typeof payoutChangeSchema>

export const validatePayoutChange = validatorFor<string, typeof payoutChangeSchema>(payoutChangeSchema) as (
  body: unknown,
) => Validation<PayoutChangeInput, PayoutCodeProblem | CheckoutProblem>
