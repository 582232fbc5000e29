import { bankTransfer, type BankDetails } from './bank/bank-transfer'

/**
 * Every way of paying a seller, registered once. Checkout offers the default; an order keeps its
 * method's id, and every reader of its sealed details goes through that method.
 */
export const PAYOUT_METHODS = [bankTransfer] as const
export const DEFAULT_PAYOUT_METHOD = bankTransfer

/** A seller's payout details, whichever the method: only ever held sealed, opened for the one staff view that pays. */
export type PayoutDetails = BankDetails
/** Any registered method. */
export type PayoutMethodAny = (typeof PAYOUT_METHODS)[number]
/** Every problem any method's fields report. */
export type PayoutProblem = PayoutMethodAny['problems'][number]
/** Every method's problems, in the order the methods are registered. */
export const PAYOUT_PROBLEMS: readonly PayoutProblem[] = PAYOUT_METHODS.flatMap((method) => method.problems)

/** The method a form names (its `payoutMethod` field); the default when it names none, or one not offered. */
export const payoutMethodNamed = (id: unknown): PayoutMethodAny =>
  PAYOUT_METHODS.find((method) => method.id === id) ?? DEFAULT_PAYOUT_METHOD

/** The methods a manager's payment run pays, with its bank file; any other is paid its own way. */
export const PAYMENT_RUN_METHODS: readonly string[] = PAYOUT_METHODS.filter((method) => method.paidBy.paymentRun).map(
  (method) => method.id,
)

/** The method an order's `payout_method` names; an unknown name is a bug, not an input. */
export function payoutMethodOf(id: string) {
  const method = PAYOUT_METHODS.find((candidate) => candidate.id === id)
  if (!method) throw new Error(`No payout method "${id}".`)
  return method
}

/** Every method's fields that are typed again after a failed post, never sent back in a page. */
export const PAYOUT_SECRET_FIELDS: readonly string[] = [
  ...new Set(PAYOUT_METHODS.flatMap((method) => method.secretFields)),
]
