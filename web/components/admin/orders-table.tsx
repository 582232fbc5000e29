import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime, isoDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import type { OrderListRow } from '@/orders/queue/order-queue'
import { fillTemplate } from '@/lib/templates'
import { payoutHeldUntil, statusName } from './admin-words'

type Props = { copy: OrderCopy; orders: OrderListRow[] }

/** The orders found, in the list's order: each reference opens the order. */
export function OrdersTable({ copy, orders }: Props) {
  const text = copy.admin
  if (!orders.length) return <p className="admin-empty">{text.noOrders}</p>
  return (
    // Scrolls sideways on a phone: focusable, so it scrolls from the keyboard too.
    <div className="admin-scroll" tabIndex={0} role="group" aria-label={text.ordersHeading}>
      <table className="admin-table">
        <caption className="visually-hidden">{text.ordersHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{text.referenceColumn}</th>
            <th scope="col">{text.placedColumn}</th>
            <th scope="col">{text.sellerColumn}</th>
            <th scope="col">{copy.checkout.postcode}</th>
            <th scope="col" className="admin-table__number">
              {text.itemsColumn}
            </th>
            <th scope="col">{text.statusColumn}</th>
            <th scope="col">{copy.queue.waitingColumn}</th>
            <th scope="col">{text.postagePackColumn}</th>
            <th scope="col" className="admin-table__number">
              {text.totalColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link href={`/admin/orders/${order.reference}`} className="admin-reference">
                  {order.reference}
                </Link>
              </th>
              <td>
                <time dateTime={isoDate(order.placedAt)}>{formatDateTime(order.placedAt)}</time>
              </td>
              <td>{order.name ?? ''}</td>
              <td>{order.postcode ?? ''}</td>
              <td className="admin-table__number">{order.items}</td>
              <td>
                {statusName(copy, order.status)}
                <HeldNote copy={copy} order={order} />
              </td>
              <td>
                <time dateTime={isoDate(order.statusSince)}>{formatDateTime(order.statusSince)}</time>
              </td>
              <td>{order.postagePack ? text.postagePackWanted : ''}</td>
              <td className="admin-table__number">{formatPence(order.totalPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Under the status, while a payment waits after the seller changed the bank details. */
function HeldNote({ copy, order }: { copy: OrderCopy; order: OrderListRow }) {
  const held = payoutHeldUntil(order)
  if (!held) return null
  return (
    <span className="admin-table__held">
      {fillTemplate(copy.admin.payoutChangedNotice, { until: formatDateTime(held) })}
    </span>
  )
}
