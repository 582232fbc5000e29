import * as v from 'valibot'
import { validatorFor } from '@/forms/schema'
import { payoutMethodOf, type PayoutDetails, type PayoutProblem } from '@/payouts/methods'

/**
 * The business's bank details for its collection's payment: a business is paid by bank transfer,
 * its fields checked by that method's own rules, as a seller's are, and normalised as they are
 * kept. Run in the browser and again on the server.
 */
export const COLLECTION_PAYOUT_METHOD = payoutMethodOf('bank')

const fields = COLLECTION_PAYOUT_METHOD.fields as readonly { name: string; rule: v.GenericSchema<unknown, string> }[]
const schema = v.pipe(
  v.object(Object.fromEntries(fields.map(({ name, rule }) => [name, rule]))),
  v.transform((typed): PayoutDetails => COLLECTION_PAYOUT_METHOD.details(typed)),
)

export const validateCollectionBank = validatorFor<PayoutProblem | 'nameTooLong' | 'nameInvalid', typeof schema>(schema)
