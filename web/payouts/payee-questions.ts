/**
 * What Confirmation of Payee leaves on an order and asks a seller, with no server code: the form's
 * problem codes and the staff page read it too. What is kept (`payee_check`):
 *   match                 the bank matched the name
 *   close_match_accepted  the seller took the name the bank holds
 *   close_match_kept      the seller kept their own name against the bank's close match: held
 *   no_match              the seller was sure despite a no match: held
 *   unavailable           not checked (the bank or the provider could not say, or no provider)
 * null: not asked (placed before the check existed, or a method it does not cover).
 */
export const PAYEE_CHECKS = ['match', 'close_match_accepted', 'close_match_kept', 'no_match', 'unavailable'] as const
export type PayeeCheck = (typeof PAYEE_CHECKS)[number]

/** What is kept on the order about the check: its result, the name the bank holds, its reason code. */
export type PayeeRecord = { payeeCheck: PayeeCheck; payeeBankName: string | null; payeeReason: string | null }

/** The questions a seller is asked, each naming its words in the Orders document. */
export const PAYEE_QUESTIONS = ['payeeCloseMatch', 'payeeNoMatch'] as const
export type PayeeQuestion = (typeof PAYEE_QUESTIONS)[number]

/** The seller's answer to a question: the bank's name, their own, or sure despite a no match. */
export const PAYEE_CHOICES = ['bankName', 'ownName', 'sure'] as const
export type PayeeChoice = (typeof PAYEE_CHOICES)[number]

/**
 * Why an order's payee is held for staff, or null: a no match the seller was sure of, a close
 * match they kept their own name against, or an account another seller's order also names
 * (payout-match.ts: `sharedAccount`, from the orders that hold the same match). The payout job pays
 * none of these until a member of staff has looked.
 */
export function payeeHold(order: {
  payeeCheck: string | null
  sharedAccount?: boolean
}): 'payeeNoMatch' | 'payeeCloseMatchKept' | 'payeeSharedAccount' | null {
  if (order.payeeCheck === 'no_match') return 'payeeNoMatch'
  if (order.payeeCheck === 'close_match_kept') return 'payeeCloseMatchKept'
  if (order.sharedAccount) return 'payeeSharedAccount'
  return null
}
