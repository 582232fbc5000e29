import type { OrderItemRow } from '@/db/schema'

/** What can be said of an order from what it holds, with no database: for pages, e-mails and rules. */

type PricedItem = Pick<OrderItemRow, 'pricePence' | 'revisedPricePence'> & Partial<Pick<OrderItemRow, 'offerAnswer'>>

/**
 * What an order is worth at its revised prices: a device not revised keeps its price, a device
 * whose new price the seller declined is posted back and not paid for.
 */
export const revisedTotal = (order: { items: PricedItem[] }) =>
  order.items.reduce(
    (sum, item) => (item.offerAnswer === 'decline' ? sum : sum + (item.revisedPricePence ?? item.pricePence)),
    0,
  )

export type OfferAnswer = 'accept' | 'decline'
export const isOfferAnswer = (value: string | null | undefined): value is OfferAnswer =>
  value === 'accept' || value === 'decline'

/** The devices of a revised offer still waiting for the seller's answer. */
export const unanswered = <T extends Pick<OrderItemRow, 'revisedPricePence' | 'offerAnswer'>>(items: T[]) =>
  items.filter((item) => item.revisedPricePence !== null && item.offerAnswer === null)

/**
 * Where a revised offer goes once every revised device is answered: back to the seller if they
 * declined every device in the order; otherwise accepted, worth the accepted and unrevised
 * devices (declined ones are posted back free). Null while a device waits for its answer.
 */
export function offerOutcome(items: Array<PricedItem & Pick<OrderItemRow, 'offerAnswer'>>) {
  if (unanswered(items).length) return null
  const kept = items.filter((item) => item.offerAnswer !== 'decline')
  return kept.length
    ? { move: 'accept' as const, totalPence: revisedTotal({ items }) }
    : { move: 'decline' as const, totalPence: null }
}

export { isUuid } from '@/lib/uuid'

/** While a payment waits after the seller changed the bank details: when it may be made; else null. */
export const payoutHeldUntil = (order: { payoutHeldUntil: Date | null }, now = Date.now()) =>
  order.payoutHeldUntil && order.payoutHeldUntil.getTime() > now ? order.payoutHeldUntil : null
/** Where the devices a seller declined in an order otherwise accepted are posted back from: before, while or after it is paid. */
// A device refused at the check is declined there: it can go back from 'checked' too.
export const RETURNS_DECLINED_FROM: readonly string[] = ['checked', 'accepted', 'paying', 'payment-failed', 'paid']

/**
 * The devices staff still have to post back in an order the seller otherwise accepted (declined,
 * not yet posted), or null when there are none, or the order is not where they are posted from.
 */
export function declinedToReturn<T extends Pick<OrderItemRow, 'offerAnswer' | 'returnedAt'>>(order: {
  status: string
  items: T[]
}): T[] | null {
  if (!RETURNS_DECLINED_FROM.includes(order.status)) return null
  const waiting = order.items.filter((item) => item.offerAnswer === 'decline' && !item.returnedAt)
  return waiting.length ? waiting : null
}
