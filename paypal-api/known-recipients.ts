/**
 * The recipients the local PayPal stand-in treats specially, as documented in docs/operators.md
 * (PayPal): each goes through these statuses in turn, its webhooks sent one after another. Every
 * other address is paid: SUCCESS.
 */
export type ItemStatus = 'PENDING' | 'SUCCESS' | 'UNCLAIMED' | 'RETURNED' | 'FAILED' | 'BLOCKED' | 'ONHOLD'

export const KNOWN_RECIPIENTS: Readonly<Record<string, { steps: ItemStatus[]; error?: string }>> = {
  // No PayPal account yet: the money waits for one (30 days, for real), never final by itself.
  'unclaimed@paypal.example': { steps: ['UNCLAIMED'] },
  // Unclaimed, then handed back to us: final, the seller is asked for other details.
  'returned@paypal.example': { steps: ['UNCLAIMED', 'RETURNED'] },
  // PayPal refuses the item outright.
  'failed@paypal.example': { steps: ['FAILED'], error: 'RECEIVER_ACCOUNT_LOCKED' },
  'blocked@paypal.example': { steps: ['BLOCKED'], error: 'RISK_DECLINED' },
}

/** The statuses an item goes through after PENDING, for this recipient. */
export function stepsFor(receiver: string): { steps: ItemStatus[]; error?: string } {
  return KNOWN_RECIPIENTS[receiver.trim().toLowerCase()] ?? { steps: ['SUCCESS'] }
}

/** PayPal's webhook event type for an item reaching a status. */
export const EVENT_TYPES: Readonly<Record<Exclude<ItemStatus, 'PENDING'>, string>> = {
  SUCCESS: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  UNCLAIMED: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  RETURNED: 'PAYMENT.PAYOUTS-ITEM.RETURNED',
  FAILED: 'PAYMENT.PAYOUTS-ITEM.FAILED',
  BLOCKED: 'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  ONHOLD: 'PAYMENT.PAYOUTS-ITEM.HELD',
}
