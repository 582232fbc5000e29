import 'server-only'
import type { ActionResult, StaffMember } from './actions'
import { getDb } from '@/db/connection'
import { addDays } from '@/orders/record/lifecycle'
import { type OrderRecord } from '@/orders/record/store'
import { kickOutbox } from '@/mail/outbox-kick'
import { timerContext } from '@/orders/moves/timings'
import { orderMail } from '@/orders/record/mail'
import { approveRise, refuseRise } from '@/orders/moves/rise-store'

/** A manager's decision on a rise waiting on an order: approved or refused, with its reason, under the order's lock. */

/** What a manager decides of a rise waiting on an order, from its page. */
export const RISE_ACTIONS = { approve: 'approveRise', refuse: 'refuseRise' } as const
export type RiseAction = (typeof RISE_ACTIONS)[keyof typeof RISE_ACTIONS]

/**
 * A manager approves (the seller is sent the revised offer) or refuses the rise waiting on `order`,
 * with why. Decided already (a second click, another manager first), or their own rise: nothing changes.
 */
export async function decideRise(
  staff: StaffMember,
  order: OrderRecord,
  decision: RiseAction,
  why: string,
  origin: string,
): Promise<ActionResult> {
  if (staff.role !== 'manager') return { ok: false, code: 'notAllowed' }
  const db = await getDb()
  const manager = { id: staff.id, role: staff.role }
  let result
  if (decision === RISE_ACTIONS.approve) {
    const context = await timerContext(origin)
    result = await approveRise(db, {
      orderId: order.id,
      manager,
      why,
      offerDeadline: addDays(new Date(), context.timings.revisedOfferDays),
      emails: (current) => orderMail('revisedOffer', current, context.mail),
    })
  } else {
    result = await refuseRise(db, { orderId: order.id, manager, why })
  }
  if (result.ok) {
    kickOutbox()
    return { ok: true, done: decision }
  }
  switch (result.reason) {
    case 'moved':
      return { ok: false, code: 'moved', status: result.status }
    case 'own-rise':
      return { ok: false, code: 'ownRise' }
    case 'nothing-waiting':
      return { ok: false, code: 'nothingWaiting' }
    case 'not-allowed':
      return { ok: false, code: 'notAllowed' }
    default:
      return { ok: false, code: 'notFound' }
  }
}
