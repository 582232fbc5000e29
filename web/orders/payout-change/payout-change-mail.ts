import 'server-only'
import { formatDateTime } from '@/lib/dates'
import { renderEmail } from '@/mail/templates'
import { orderPath } from '@/orders/record/order-token'
import type { OrderMailContext, QueuedMail } from '@/orders/record/mail'
import { PAYOUT_CODE_MINUTES } from '@rules/payout-change'

type Order = { reference: string; name: string | null; email: string | null }

/** The code that confirms a change of bank details, to the order's own address. */
export function payoutCodeMail(order: Order, code: string, { copy }: OrderMailContext): QueuedMail[] {
  if (!order.email) return []
  const values = { name: order.name ?? '', reference: order.reference, code, minutes: PAYOUT_CODE_MINUTES }
  return [{ ...renderEmail(copy, copy.payoutCode, values, order.email), kind: 'payoutCode' }]
}

/**
 * A change made: the seller is told (whoever made it, the address's owner hears of it) and so is
 * the business, at Site settings' address, which may call the seller before the hold ends.
 */
export function payoutChangedMails(
  order: Order,
  /** `account`: the new account, in the checkout's words for its method. */
  change: { heldUntil: Date; account: string },
  { copy, origin }: OrderMailContext,
  businessAddress: string,
): QueuedMail[] {
  const values = {
    name: order.name ?? '',
    reference: order.reference,
    account: change.account,
    until: formatDateTime(change.heldUntil),
  }
  const toSeller = order.email
    ? [
        {
          ...renderEmail(copy, copy.payoutChanged, values, order.email, `${origin}${orderPath(order.reference)}`),
          kind: 'payoutChanged',
        },
      ]
    : []
  // To the business itself: no sign-off, and the staff footer.
  const frame = { greeting: copy.greetingNoName, signOff: '', footer: copy.staffFooter }
  const toStaff = renderEmail(
    frame,
    copy.payoutChangedStaff,
    values,
    businessAddress,
    `${origin}/admin/orders/${order.reference}`,
  )
  return [...toSeller, { ...toStaff, kind: 'payoutChangedStaff' }]
}
