import 'server-only'
import { getOrderCopy } from '@/content/loaders'
import { linkOrigin } from '@/mail/link-origin'
import type { Timings } from '@/orders/record/lifecycle'
import { loadOrderMailContext } from '@/orders/record/mail-context'

/** The clock's settings, as editors set them in the Orders document, and what its moves need to send e-mails. */
export async function readTimings(): Promise<Timings> {
  const copy = await getOrderCopy()
  return {
    revisedOfferDays: copy.timings.revisedOfferDays,
    reminderDaysBefore: copy.timings.reminderDaysBefore,
    quarantineDays: copy.timings.quarantineDays,
    lapsedOffer: copy.timings.lapsedOffer === 'return' ? 'return' : 'accept',
  }
}

/** Links in e-mails the timer sends start where every e-mail's do (see linkOrigin). */
export async function timerContext(origin = linkOrigin()) {
  const [timings, mail] = await Promise.all([readTimings(), loadOrderMailContext(origin)])
  return { timings, mail }
}
