import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { OrderRecord } from '@/orders/orders'
import type { BankDetails } from '@/orders/payout-crypto'

type Props = { order: OrderRecord; copy: OrderCopy; role: 'staff' | 'manager'; payout: BankDetails | null }

/**
 * Where the money goes: the account's last four digits for everyone; the full details only to a
 * manager who asks, each time recorded in the order's history.
 */
export function PayoutDetails({ order, copy, role, payout }: Props) {
  const text = copy.admin
  const labels = copy.checkout
  return (
    <section aria-labelledby="order-payout" className="admin-section">
      <h2 id="order-payout">{text.payoutHeading}</h2>
      {payout ? (
        <>
          <dl className="admin-facts">
            <dt>{labels.accountHolder}</dt>
            <dd>{payout.accountHolder}</dd>
            <dt>{labels.sortCode}</dt>
            <dd className="admin-code">{payout.sortCode}</dd>
            <dt>{labels.accountNumber}</dt>
            <dd className="admin-code">{payout.accountNumber}</dd>
          </dl>
          <p className="admin-hint">{text.revealed}</p>
        </>
      ) : order.payoutLast4 ? (
        <>
          <p>{fillTemplate(text.masked, { last4: order.payoutLast4 })}</p>
          {/* A plain link, never prefetched: opening it is what records the reveal. */}
          {role === 'manager' && order.payoutSealed ? (
            <p>
              <a href={`/admin/orders/${order.reference}?reveal=1#order-payout`} rel="nofollow">
                {text.reveal}
              </a>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
