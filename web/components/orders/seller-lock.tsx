import type { OrderCopy } from '@/content/types'
import type { OrderLockHoldRow } from '@/db/schema'
import { formatDateTime, formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { LOCK_ANCHOR } from '@/orders/lock-hold/lock-names'
import { lockRemovedForm } from '@/orders/locks/seller-lock-form'
import type { OrderRecord } from '@/orders/record/store'
import { ButtonForm } from '../forms/button-form'

/**
 * On the seller's order page while an activation lock holds a device: which devices, by when, and
 * the button to say the lock is removed (a plain form post without scripts); once pressed, when.
 */
export function SellerLock({
  order,
  hold,
  copy,
  token,
}: {
  order: OrderRecord
  hold: Pick<OrderLockHoldRow, 'id' | 'itemIds' | 'deadline' | 'removedAt'>
  copy: OrderCopy
  token: string
}) {
  const text = copy.locks
  const devices = order.items.filter((item) => hold.itemIds.includes(item.id)).map((item) => item.device)
  return (
    <section aria-labelledby="order-lock-heading" className="order-lock" id={LOCK_ANCHOR}>
      <h2 id="order-lock-heading">{text.sellerHeading}</h2>
      <p>{fillTemplate(text.sellerHelp, { devices: devices.join(', '), deadline: formatLongDate(hold.deadline) })}</p>
      {hold.removedAt ? (
        <p data-lock="removed">{fillTemplate(text.sellerRemoved, { at: formatDateTime(hold.removedAt) })}</p>
      ) : (
        <ButtonForm
          action={lockRemovedForm}
          hidden={{ token, hold: hold.id }}
          submitLabel={text.removedButton}
          submitClass="button button--primary"
        />
      )}
    </section>
  )
}
