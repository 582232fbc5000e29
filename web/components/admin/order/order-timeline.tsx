import type { AccountCopy, OrderCopy } from '@/content/types'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { OrderRecord } from '@/orders/record/store'
import { PARCEL_ASTRAY } from '@/carrier/parcel-history'
import { actionLabel, actorName, statusName } from '@/components/admin/admin-words'

type Props = { order: OrderRecord; copy: OrderCopy; staffCopy: AccountCopy['staff'] }

/** Everything that happened to the order, staff's own records (bank details seen, reminders) included. */
export function OrderTimeline({ order, copy, staffCopy }: Props) {
  const text = copy.admin
  return (
    <section aria-labelledby="order-timeline" className="admin-section admin-timeline">
      <h2 id="order-timeline">{text.timelineHeading}</h2>
      <ol>
        {order.events.map((event) => {
          // The parcel astray: in the words the seller's history shows.
          const label =
            event.action === PARCEL_ASTRAY
              ? copy.details.parcelAstray
              : actionLabel(
                  text,
                  event.action,
                  copy.rises,
                  copy.payouts,
                  copy.holds,
                  copy.claims,
                  copy.lateParcels,
                  copy.locks,
                  copy.checklist,
                  copy.identity,
                )
          return (
            <li key={event.id}>
              <time dateTime={isoDate(event.at)}>{formatDateTime(event.at)}</time>{' '}
              <span className="admin-timeline__actor">
                {event.actorName
                  ? fillTemplate(text.actorNamed, {
                      name: event.actorName,
                      role: actorName(text, staffCopy, event.actor),
                    })
                  : actorName(text, staffCopy, event.actor)}
              </span>{' '}
              {label ? <span>{label} </span> : null}
              <span>
                {statusName(copy, event.fromStatus)}
                {event.toStatus === event.fromStatus ? null : ` → ${statusName(copy, event.toStatus)}`}
              </span>
              {event.reason ? (
                <>
                  {' '}
                  <span className="admin-timeline__reason">{event.reason}</span>
                </>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
