import 'server-only'
import type { Db } from '@/db/connection'
import { dueAction, type Timings } from '@/orders/lifecycle'
import { getOrder } from '@/orders/store'
import { answerDevices, moveOrder, recordEvent } from '@/orders/move-store'
import { statusSince, unanswered } from '@/orders/order-values'
import { orderMail, type OrderMailContext } from './mail'

/** Applies whatever the clock owes one order; true when something changed. */
export async function applyTimers(
  db: Db,
  orderId: string,
  context: { timings: Timings; mail: OrderMailContext },
  now = new Date(),
): Promise<boolean> {
  let changed = false
  // Each step moves the order on; a few at most (a lapsed offer after its reminder, say).
  for (let step = 0; step < 4; step++) {
    const order = await getOrder(db, { id: orderId })
    if (!order) return changed
    const due = dueAction({ ...order, statusSince: statusSince(order) }, now, context.timings)
    if (!due) return changed
    if (due.kind === 'remind') {
      const done = await recordEvent(db, {
        orderId,
        actor: 'system',
        action: 'remind',
        remind: true,
        emails: (current) => orderMail('revisedOfferReminder', current, context.mail),
      })
      if (!done) return changed
    } else if (due.move === 'accept' || due.move === 'decline') {
      // A revised offer's deadline passed: every device still unanswered is answered as the CMS
      // says, and the order moves as the seller's answers and those make it.
      const answer = due.move
      const result = await answerDevices(db, {
        orderId,
        answers: unanswered(order.items).map((item) => ({ itemId: item.id, answer })),
        actor: 'system',
        reason: due.reason,
      })
      if (!result.ok || !result.moved) return changed
    } else {
      const result = await moveOrder(db, {
        orderId,
        move: due.move,
        actor: 'system',
        expectedStatus: order.status,
        reason: due.reason,
        emails: (current) => {
          const email = due.move === 'expire' ? 'expired' : null
          return email ? orderMail(email, current, context.mail) : []
        },
      })
      // Moved by someone else meanwhile: look again from the top.
      if (!result.ok && result.reason !== 'moved') return changed
    }
    changed = true
  }
  return changed
}
