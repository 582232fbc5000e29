import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { PayoutMethod } from './method'
import { bankTransfer, type BankDetails } from './bank/bank-transfer'
import { paypal, type PaypalDetails } from './paypal/paypal'

/**
 * Every way of paying a seller, registered once, in the order the forms offer them. Checkout
 * chooses the default until the seller picks another; an order keeps its method's id, and every
 * reader of its sealed details goes through that method.
 */
export const PAYOUT_METHODS = [bankTransfer, paypal] as const
export const DEFAULT_PAYOUT_METHOD: PayoutMethodAny = bankTransfer

/** A seller's payout details, whichever the method: only ever held sealed, opened for the one staff view that pays. */
export type PayoutDetails = BankDetails | PaypalDetails
type Registered = (typeof PAYOUT_METHODS)[number]
/** Every problem any method's fields report. */
export type PayoutProblem = Registered['problems'][number]
/** Every field any method's form has. */
export type PayoutField = Registered['fields'][number]['name']
/**
 * Any registered method, as the rooms that do not know which hold it: given a form's checked
 * fields, or the details of the method the order names (never another method's).
 */
export type PayoutMethodAny = Omit<PayoutMethod<Record<PayoutField, string>, PayoutProblem>, Functions | 'fields'> & {
  fields: Registered['fields']
  details(fields: Record<string, unknown>): PayoutDetails
  last4(details: PayoutDetails): string
  matchKey(details: PayoutDetails): string
  shown(details: PayoutDetails): { field: PayoutField; value: string; code: boolean }[]
}
type Functions = 'details' | 'last4' | 'matchKey' | 'shown'
/** Every method's problems, in the order the methods are registered. */
export const PAYOUT_PROBLEMS: readonly PayoutProblem[] = PAYOUT_METHODS.flatMap((method) => method.problems)

/** The method a form names (its `payoutMethod` field); the default when it names none, or one not offered. */
export const payoutMethodNamed = (id: unknown): PayoutMethodAny =>
  (PAYOUT_METHODS as readonly PayoutMethodAny[]).find((method) => method.id === id) ?? DEFAULT_PAYOUT_METHOD

/** The methods a manager's payment run pays, with its bank file; any other is paid its own way. */
export const PAYMENT_RUN_METHODS: readonly string[] = PAYOUT_METHODS.filter((method) => method.paidBy.paymentRun).map(
  (method) => method.id,
)

/** The method an order's `payout_method` names; an unknown name is a bug, not an input. */
export function payoutMethodOf(id: string): PayoutMethodAny {
  const method = (PAYOUT_METHODS as readonly PayoutMethodAny[]).find((candidate) => candidate.id === id)
  if (!method) throw new Error(`No payout method "${id}".`)
  return method
}

/**
 * The account an order is paid to, in the content's words for its method: "the account ending
 * 5678", "the PayPal account s•••@e•••.com". What `{account}` becomes wherever one is named.
 */
export const payoutAccount = (words: OrderCopy['checkout'], methodId: string, last4: string) =>
  fillTemplate(words[payoutMethodOf(methodId).shownAs], { last4 })

/** Every method's fields that are typed again after a failed post, never sent back in a page. */
export const PAYOUT_SECRET_FIELDS: readonly string[] = [
  ...new Set(PAYOUT_METHODS.flatMap((method) => method.secretFields)),
]
