import type { AccountCopy, OrderCopy } from '@/content/types'
import type { OrderRecord } from '@/orders/store'
import type { BankDetails } from '@/orders/payout-crypto'
import type { RelatedOrder } from '@/orders/related-orders'

/** What the staff page of one order is drawn from. */
export type AdminOrderProps = {
  order: OrderRecord
  copy: OrderCopy
  staffCopy: AccountCopy['staff']
  role: 'staff' | 'manager'
  grades: Array<{ key: string; name: string }>
  /** The bank details, when a manager asked to see them (and that was recorded). */
  payout: BankDetails | null
  /** Whether revealing or paying must ask for the password again (the last check is too old). */
  recheckNeeded: boolean
  query: Record<string, string>
  /** Other orders with the same device, bank account or address. */
  related: RelatedOrder[]
}
