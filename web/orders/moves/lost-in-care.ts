/**
 * What a device lost or damaged in our care is paid (the terms, "Our liability": "we will pay you
 * the price we offered for it"): the price the seller agreed. That is a revised price they accepted,
 * or else the price they were quoted when they sent it: a lower offer they had not accepted, or had
 * declined, does not lower what we owe for a device we can no longer give back. A device already
 * posted back to them is theirs again and is not paid for.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { orderItem, sellerOrder, type OrderItemRow } from '@/db/schema'

type Item = Pick<OrderItemRow, 'id' | 'pricePence' | 'revisedPricePence' | 'offerAnswer' | 'returnedAt'>

export type LostInCare = {
  /** Each device still with us and not agreed at a revised price, set back to its quote. */
  items: Array<{ id: string; set: Partial<OrderItemRow> }>
  /** What the order pays now. */
  totalPence: number
  /** In the move's own update: no device set back here was accepted at its revised price meanwhile. */
  guard: SQL | undefined
}

const agreed = (item: Item) => item.offerAnswer === 'accept' && item.revisedPricePence !== null

export function lostInCare(items: readonly Item[]): LostInCare {
  const withUs = items.filter((item) => !item.returnedAt)
  const quoted = withUs.filter((item) => !agreed(item))
  const totalPence = withUs.reduce((sum, item) => sum + (agreed(item) ? item.revisedPricePence! : item.pricePence), 0)
  return {
    items: quoted.map((item) => ({
      id: item.id,
      set: {
        revisedPricePence: null,
        revisedReason: null,
        proposedPricePence: null,
        offerAnswer: null,
        offerAnsweredAt: null,
        riseApprovedAt: null,
      },
    })),
    totalPence,
    guard: quoted.length
      ? sql`not exists (select 1 from ${orderItem} where ${and(
          eq(orderItem.orderId, sellerOrder.id),
          inArray(
            orderItem.id,
            quoted.map((item) => item.id),
          ),
          eq(orderItem.offerAnswer, 'accept'),
        )})`
      : undefined,
  }
}
