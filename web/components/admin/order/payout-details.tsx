import { Fragment } from 'react'
import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { OrderRecord } from '@/orders/record/store'
import { payoutAccount, payoutMethodOf, type PayoutDetails as Details } from '@/payouts/methods'
import { formatDateTime } from '@/lib/dates'
import { payoutHeldUntil } from '@/components/admin/admin-words'
import { PayeeCheckFacts } from './payee-check'
import { RevealForm } from './staff-forms'

type Props = {
  order: OrderRecord
  copy: OrderCopy
  role: 'staff' | 'manager'
  payout: Details | null
  recheckNeeded: boolean
}

/**
 * Where the money goes: the account's last four digits for everyone; the full details only to a
 * manager who asks, each time recorded in the order's history.
 */
export function PayoutDetails({ order, copy, role, payout, recheckNeeded }: Props) {
  const text = copy.admin
  const labels = copy.checkout
  const held = payoutHeldUntil(order)
  return (
    <section aria-labelledby="order-payout" className="admin-section">
      <h2 id="order-payout">{text.payoutHeading}</h2>
      {held ? (
        <p className="admin-notice admin-notice--warning" data-testid="payout-held">
          {fillTemplate(text.payoutChangedNotice, { until: formatDateTime(held) })}
        </p>
      ) : null}
      <PayeeCheckFacts order={order} text={copy.admin} />
      {payout ? (
        <>
          <dl className="admin-facts">
            {payoutMethodOf(order.payoutMethod)
              .shown(payout)
              .map(({ field, value, code }) => (
                <Fragment key={field}>
                  <dt>{labels[field]}</dt>
                  <dd className={code ? 'admin-code' : undefined}>{value}</dd>
                </Fragment>
              ))}
          </dl>
          <p className="admin-hint">{text.revealed}</p>
        </>
      ) : order.payoutLast4 ? (
        <>
          <p>{fillTemplate(text.masked, { account: payoutAccount(labels, order.payoutMethod, order.payoutLast4) })}</p>
          {/* A form post, never a link: only the manager's own click records a reveal. */}
          {!order.payoutSealed ? <p className="admin-hint">{text.bankDetailsRemoved}</p> : null}
          {role === 'manager' && order.payoutSealed ? (
            <RevealForm reference={order.reference} text={text} recheckNeeded={recheckNeeded} />
          ) : null}
        </>
      ) : order.totalPence === 0 ? (
        // A free recycling order never had payout details: nothing was removed. Once taken, the
        // next step it names is done.
        <p>{order.status === 'recycling' ? text.freeOrderTaken : text.freeOrder}</p>
      ) : (
        <p>{text.sellerRemoved}</p>
      )}
    </section>
  )
}
