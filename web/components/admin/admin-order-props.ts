import type { AccountCopy, OrderCopy } from '@/content/types'
import type { OrderRecord } from '@/orders/record/store'
import type { PayoutDetails } from '@/payouts/methods'
import type { RelatedOrder } from '@/orders/record/related-orders'
import type { Claim } from '@/orders/claims/claim-store'
import type { OrderLockHoldRow } from '@/db/schema'
import type { ChecklistQuestion as CheckQuestion } from '@/orders/moves/checklist'
import type { IdentityCheck } from '@/orders/identity/identity-store'

/** What the staff page of one order is drawn from. */
export type AdminOrderProps = {
  order: OrderRecord
  copy: OrderCopy
  staffCopy: AccountCopy['staff']
  role: 'staff' | 'manager'
  /** The signed-in member's account: a manager never approves their own rise. */
  staffId: string
  grades: Array<{ key: string; name: string }>
  /** The bank details, when a manager asked to see them (and that was recorded). */
  payout: PayoutDetails | null
  /** Whether revealing or paying must ask for the password again (the last check is too old). */
  recheckNeeded: boolean
  query: Record<string, string>
  /** Other orders with the same device, bank account or address. */
  related: RelatedOrder[]
  /** Each device's published price today for its model, storage and the grade found, by its id. */
  published: Record<string, number | null>
  /** Each device's checklist (for its kind of device) and its published price in every grade, by its id. */
  checks: Record<string, { checklist: CheckQuestion[]; pricedByGrade: Record<string, number | null> }>
  /** Who is working on the order now, if anyone. */
  claim: Claim | null
  /** The activation-lock hold on the order now, if any. */
  lockHold: OrderLockHoldRow | null
  /** Proof of identity asked of the seller, if it was: never the photo's bytes. */
  identity: IdentityCheck | null
}
