import { formatDateTime, formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { LOCK_EVENTS } from '@/orders/locks/lock-input'
import type { AdminOrderProps } from '@/components/admin/admin-order-props'
import { HoldForLockForm, ReleaseLockForm } from './lock-forms'

/**
 * The activation lock on an order's staff page: while it waits for its check, staff hold it for a
 * lock; held, the page says since when, by whom and until when, and whether the seller says the
 * lock is removed ("lock removed by seller at …"); then staff release it and check, or hold again.
 */
export function LockPanel({ order, copy, lockHold }: AdminOrderProps) {
  const text = copy.locks
  if (order.status !== 'received' && !lockHold) return null
  const devices = order.items.map((item) => ({ id: item.id, device: item.device }))
  const heldDevices = lockHold ? devices.filter((item) => lockHold.itemIds.includes(item.id)) : []
  const heldBy = order.events.findLast((event) => event.action === LOCK_EVENTS.hold)
  return (
    <section aria-labelledby="order-lock-heading" className="admin-section" id="order-lock">
      <h2 id="order-lock-heading">{text.heading}</h2>
      {!lockHold ? (
        <>
          <p>{text.holdHelp}</p>
          <HoldForLockForm reference={order.reference} devices={devices} text={text} />
        </>
      ) : (
        <>
          <p data-lock="held">
            {fillTemplate(text.held, {
              at: formatDateTime(lockHold.heldAt),
              name: heldBy?.actorName ?? '',
              devices: heldDevices.map((item) => item.device).join(', '),
              deadline: formatLongDate(lockHold.deadline),
            })}
          </p>
          <p data-lock={lockHold.removedAt ? 'removed' : 'waiting'} className="admin-notice">
            {lockHold.removedAt
              ? fillTemplate(text.removedBySeller, { at: formatDateTime(lockHold.removedAt) })
              : text.notRemovedYet}
          </p>
          {order.status === 'received' ? (
            <div className="admin-lock-actions">
              <ReleaseLockForm reference={order.reference} holdId={lockHold.id} text={text} />
              {lockHold.removedAt ? (
                <HoldForLockForm reference={order.reference} devices={heldDevices} text={text} again />
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
