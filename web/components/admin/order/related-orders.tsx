import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { RelatedMatch, RelatedOrder } from '@/orders/record/related-orders'
import { statusName } from '@/components/admin/admin-words'

type Props = { copy: OrderCopy; related: RelatedOrder[] }

/**
 * Other orders that share a device, the bank account or the address with this one, each linked,
 * with what it shares. The bank account is only ever named as shared, never shown.
 */
export function RelatedOrders({ copy, related }: Props) {
  const text = copy.queue
  return (
    <section aria-labelledby="order-related" className="admin-section">
      <h2 id="order-related">{text.relatedHeading}</h2>
      {related.length ? (
        <div className="admin-scroll" tabIndex={0} role="group" aria-labelledby="order-related">
          <table className="admin-table">
            <caption className="visually-hidden">{text.relatedHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.admin.referenceColumn}</th>
                <th scope="col">{copy.admin.placedColumn}</th>
                <th scope="col">{copy.admin.statusColumn}</th>
                <th scope="col">{text.relatedColumn}</th>
              </tr>
            </thead>
            <tbody>
              {related.map((order) => (
                <tr key={order.reference}>
                  <th scope="row">
                    <Link href={`/admin/orders/${order.reference}`} className="admin-reference">
                      {order.reference}
                    </Link>
                  </th>
                  <td>
                    <time dateTime={isoDate(order.placedAt)}>{formatDateTime(order.placedAt)}</time>
                  </td>
                  <td>{statusName(copy, order.status)}</td>
                  <td>
                    <ul className="admin-related__matches">
                      {order.matches.map((match) => (
                        <li key={matchKey(match)}>{matchText(copy, match)}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{text.relatedNone}</p>
      )}
    </section>
  )
}

const matchKey = (match: RelatedMatch) => (match.kind === 'device' ? `device-${match.deviceId}` : match.kind)

function matchText(copy: OrderCopy, match: RelatedMatch): string {
  if (match.kind === 'device') return fillTemplate(copy.queue.relatedDevice, { deviceId: match.deviceId })
  return match.kind === 'account' ? copy.queue.relatedAccount : copy.queue.relatedAddress
}
