import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime, isoDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { isOrderStatus } from '@/orders/lifecycle'
import { isAdminMove } from '@/orders/admin-input'
import '@/styles/admin.css'
import { ActionPanel } from './action-panel'
import type { AdminOrderProps } from './admin-order-props'
import { statusName } from './admin-words'
import { OrderItems } from './order-items'
import { OrderTimeline } from './order-timeline'
import { PayoutDetails } from './payout-details'
import { SellerDetails } from './seller-details'

/** One order for staff: where it is, whose it is, its devices, what to do next and its history. */
export function AdminOrder(props: AdminOrderProps) {
  const { order, copy } = props
  const text = copy.admin
  return (
    <article className="admin admin-order">
      <p>
        <Link href="/admin">{text.backToList}</Link>
      </p>
      <header className="page__header">
        <h1 className="admin-reference">{order.reference}</h1>
      </header>
      <Outcome copy={copy} query={props.query} />
      <dl className="admin-facts">
        <dt>{text.statusColumn}</dt>
        <dd className="admin-facts__status">{statusName(copy, order.status)}</dd>
        <dt>{text.placedColumn}</dt>
        <dd>
          <time dateTime={isoDate(order.placedAt)}>{formatDateTime(order.placedAt)}</time>
        </dd>
        <dt>{text.totalColumn}</dt>
        <dd>{formatPence(order.totalPence)}</dd>
      </dl>
      <div className="admin-order__parties">
        <SellerDetails order={order} copy={copy} />
        <PayoutDetails
          order={order}
          copy={copy}
          role={props.role}
          payout={props.payout}
          recheckNeeded={props.recheckNeeded}
          query={props.query}
        />
      </div>
      <OrderItems order={order} copy={copy} />
      <ActionPanel {...props} />
      <OrderTimeline order={order} copy={copy} staffCopy={props.staffCopy} />
    </article>
  )
}

/** What the last action did, sent back in the address: done, beaten to it, or refused. */
function Outcome({ copy, query }: { copy: OrderCopy; query: Record<string, string> }) {
  const text = copy.admin
  if (isAdminMove(query.done)) {
    return (
      <p className="admin-notice" role="status">
        {text.done}
      </p>
    )
  }
  const problem =
    query.moved && isOrderStatus(query.moved)
      ? fillTemplate(text.moved, { status: statusName(copy, query.moved) })
      : { notAllowed: text.notAllowed, invalid: text.invalid, unavailable: copy.problems.unavailable }[
          query.problem ?? ''
        ]
  if (!problem) return null
  return (
    <p className="admin-notice admin-notice--problem" role="alert">
      {problem}
    </p>
  )
}
