import { formatDateTime } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { offeredWithoutApproval, RISE_EVENTS, RISE_OPEN_STATUSES } from '@/orders/moves/rise-events'
import type { AdminOrderProps } from '@/components/admin/admin-order-props'
import { RiseDecisionForms } from './rise-decision-forms'

/**
 * A price rise waiting for a manager on the order's page: each device's quote and new price with
 * its reason, who asked and when; for a manager who did not ask, the forms that approve or refuse it.
 */
export function RisePanel({ order, copy, role, staffId }: AdminOrderProps) {
  const text = copy.rises
  const waiting = order.status === 'checked' && order.items.some((item) => item.proposedPricePence !== null)
  const offered = RISE_OPEN_STATUSES.includes(order.status) ? offeredWithoutApproval(order.items) : []
  if (!waiting && !offered.length) return null
  const devices = waiting ? order.items.filter((item) => item.proposedPricePence !== null) : offered
  const asked = order.events.findLast((event) => event.action === (waiting ? RISE_EVENTS.propose : 'revise'))
  const own = asked?.actorUserId === staffId
  return (
    <section aria-labelledby="order-rise" className="admin-section admin-rise">
      <h2 id="order-rise">{text.heading}</h2>
      <p>{text.waiting}</p>
      {asked ? (
        <p>{fillTemplate(text.proposedBy, { name: asked.actorName ?? '', when: formatDateTime(asked.at) })}</p>
      ) : null}
      <div className="admin-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{copy.admin.itemsColumn}</th>
              <th scope="col">{text.quotedColumn}</th>
              <th scope="col">{text.proposedColumn}</th>
              <th scope="col">{text.reasonColumn}</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.device}</th>
                <td>{formatPence(item.pricePence)}</td>
                <td>{formatPence((waiting ? item.proposedPricePence : item.revisedPricePence) ?? 0)}</td>
                <td>{(waiting ? item.proposedReason : item.revisedReason) ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {role !== 'manager' ? (
        <p className="admin-notice">{text.managerNeeded}</p>
      ) : own ? (
        <p className="admin-notice">{text.ownRise}</p>
      ) : (
        <RiseDecisionForms
          reference={order.reference}
          text={copy.admin}
          riseText={text}
          summaryTitle={copy.problems.summary}
          refusable={waiting}
        />
      )}
    </section>
  )
}
