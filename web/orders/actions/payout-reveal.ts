import 'server-only'
import type { StaffMember } from './actions'
import { getDb } from '@/db/connection'
import { getOrder, type OrderRecord } from '@/orders/record/store'
import { recordEvent } from '@/orders/moves/move-store'
import { openPayout, readPayoutKeys } from '@/payouts/payout-crypto'
import type { PayoutDetails } from '@/payouts/methods'

/** A manager's reveal of an order's payout details: recorded first, then shown for a short while on the page it leads to. */

/** How long the page that a reveal leads to shows the details: a reload, not a new tab tomorrow. */
export const REVEAL_SHOWN_SECONDS = 2 * 60

/**
 * A manager's request to see an order's bank details (a POST, after the re-check): records who
 * and when, and answers with the event that lets the order's page show them, briefly, to them.
 */
export async function revealPayout(staff: StaffMember, reference: string): Promise<number | null> {
  if (staff.role !== 'manager') return null
  const db = await getDb()
  const order = await getOrder(db, { reference })
  if (!order?.payoutSealed) return null
  return recordEvent(db, { orderId: order.id, actor: 'manager', actorUserId: staff.id, action: 'reveal-payout' })
}

/**
 * The bank details a recorded reveal opened: only for the manager who made it, on that order, for
 * a couple of minutes. Opening the page again later, or someone else opening the address, shows
 * the masked account and records nothing.
 */
export async function revealedPayout(
  staff: StaffMember,
  order: OrderRecord,
  eventId: string | undefined,
  now = Date.now(),
): Promise<PayoutDetails | null> {
  if (staff.role !== 'manager' || !order.payoutSealed || !eventId || !/^\d{1,15}$/.test(eventId)) return null
  const event = order.events.find((candidate) => candidate.id === Number(eventId))
  if (!event || event.action !== 'reveal-payout' || event.actorUserId !== staff.id) return null
  if (now - event.at.getTime() > REVEAL_SHOWN_SECONDS * 1000) return null
  return openPayout(order.payoutSealed, order.reference, readPayoutKeys())
}
