import type { Payer } from './payer'
import type { PayoutDetails, PayoutMethodAny } from './methods'

/**
 * The payers this site is configured with, by id: each method's payer when its service (or its
 * stand-in) is configured, none when the business pays that method by a manager's run instead.
 */
export type Payers = Readonly<Record<string, Payer<PayoutDetails>>>

/** The payer that pays `method` here, or null when a manager's payment run pays it. */
export const payerFor = (payers: Payers, method: PayoutMethodAny): Payer<PayoutDetails> | null =>
  payers[method.paidBy.payer] ?? null
