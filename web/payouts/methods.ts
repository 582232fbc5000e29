import { bankTransfer, type BankDetails } from './bank/bank-transfer'

/**
 * Every way of paying a seller, registered once. Checkout offers the default; an order keeps its
 * method's id, and every reader of its sealed details goes through that method.
 */
export const PAYOUT_METHODS = [bankTransfer] as const
export const DEFAULT_PAYOUT_METHOD = bankTransfer

/** A seller's payout details, whichever the method: only ever held sealed, opened for the one staff view that pays. */
export type PayoutDetails = BankDetails

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
