import type { orderEvent, OrderItemRow, sellerOrder } from '@/db/schema'

/** What can be said of an order from what it holds, with no database: for pages, e-mails and rules. */

type OrderEventRow = typeof orderEvent.$inferSelect
type HistoryOf = Pick<typeof sellerOrder.$inferSelect, 'status' | 'placedAt'> & {
  events: Array<Pick<OrderEventRow, 'toStatus' | 'fromStatus' | 'at'>>
}

/** What an order is worth at its revised prices (a device not revised keeps its price). */
export const revisedTotal = (order: { items: Array<Pick<OrderItemRow, 'pricePence' | 'revisedPricePence'>> }) =>
  order.items.reduce((sum, item) => sum + (item.revisedPricePence ?? item.pricePence), 0)

/** When the order entered its current status: the newest event that moved it there. */
export function statusSince(order: HistoryOf): Date {
  const moves = order.events.filter((event) => event.toStatus === order.status && event.fromStatus !== event.toStatus)
  return moves.at(-1)?.at ?? order.placedAt
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

/** While a payment waits after the seller changed the bank details: when it may be made; else null. */
export const payoutHeldUntil = (order: { payoutHeldUntil: Date | null }, now = Date.now()) =>
  order.payoutHeldUntil && order.payoutHeldUntil.getTime() > now ? order.payoutHeldUntil : null
