/**
 * The lock hold's e-mails, in the E-mails document's words: how to remove the lock (the steps for
 * Apple, for Google, or both, as the locked devices need) with the button to say it is done, the
 * reminder, and the device sent back. The button opens the order's page by its signed link.
 */
import 'server-only'
import type { OrderLockHoldRow } from '@/db/schema'
import { formatLongDate } from '@/lib/dates'
import { renderEmail } from '@/mail/templates'
import type { OrderMailContext, QueuedMail } from '@/orders/record/mail'
import { orderPath } from '@/orders/record/order-token'
import type { OrderRecord } from '@/orders/record/store'
import { LOCK_ANCHOR } from './lock-names'

export type LockMailKind = 'lockHeld' | 'lockReminder' | 'lockReturned'

// Apple's devices are sold as "Apple …" (the make first): the rest are unlocked through Google.
const isApple = (device: string) => /^apple\b/i.test(device.trim())

type Hold = Pick<OrderLockHoldRow, 'itemIds' | 'deadline'>
type Order = Pick<OrderRecord, 'reference' | 'name' | 'email'> & {
  items: Array<Pick<OrderRecord['items'][number], 'id' | 'device'>>
}

/** The devices a hold names, in the order's order. */
export const heldDevices = (order: Order, hold: Pick<OrderLockHoldRow, 'itemIds'>) =>
  order.items.filter((item) => hold.itemIds.includes(item.id)).map((item) => item.device)

export function lockMail(kind: LockMailKind, order: Order, hold: Hold, context: OrderMailContext): QueuedMail[] {
  if (!order.email) return []
  const { copy, origin } = context
  const devices = heldDevices(order, hold)
  const steps = [
    devices.some(isApple) ? copy.lockStepsApple : null,
    devices.some((device) => !isApple(device)) ? copy.lockStepsGoogle : null,
  ].filter((step) => step !== null)
  const values = {
    name: order.name ?? '',
    reference: order.reference,
    devices: devices.join('\n'),
    steps: steps.join('\n\n'),
    deadline: formatLongDate(hold.deadline),
  }
  const link = `${origin}${orderPath(order.reference)}${kind === 'lockReturned' ? '' : `#${LOCK_ANCHOR}`}`
  return [{ ...renderEmail(copy, copy[kind], values, order.email, link), kind }]
}
