import 'server-only'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder } from '@/db/schema'

/** What another order shares with this one: a device, the bank account (never shown), the address. */
export type RelatedMatch = { kind: 'device'; deviceId: string } | { kind: 'account' } | { kind: 'address' }
export type RelatedOrder = { reference: string; status: string; placedAt: Date; matches: RelatedMatch[] }

type Order = {
  id: string
  payoutMatch: string | null
  postcode: string | null
  addressLine1: string | null
  items: Array<{ imei: string | null }>
}

const EACH = 20

/** The first line of an address as compared: lower case, letters and digits only ("12a, High St." → "12ahighst"). */
export const addressKey = (line: string) => line.toLowerCase().replace(/[^a-z0-9]/g, '')

/**
 * Other orders with a device of this order (its IMEI or serial), paid to the same bank account
 * (compared by the keyed hash), or posted from the same address (postcode and first line): up to
 * 20 of each, oldest first, each once with everything it shares. Each by an index.
 */
export async function relatedOrders(db: Db, order: Order): Promise<RelatedOrder[]> {
  const deviceIds = [...new Set(order.items.map((item) => item.imei).filter((imei): imei is string => Boolean(imei)))]
  const columns = {
    id: sellerOrder.id,
    reference: sellerOrder.reference,
    status: sellerOrder.status,
    placedAt: sellerOrder.placedAt,
  }
  const [devices, accounts, addresses] = await Promise.all([
    deviceIds.length
      ? db
          .selectDistinct({ ...columns, deviceId: sql<string>`${orderItem.imei}` })
          .from(orderItem)
          .innerJoin(sellerOrder, eq(sellerOrder.id, orderItem.orderId))
          .where(and(inArray(orderItem.imei, deviceIds), ne(orderItem.orderId, order.id)))
          .orderBy(asc(sellerOrder.placedAt), asc(sellerOrder.id))
          .limit(EACH)
      : [],
    order.payoutMatch
      ? db
          .select(columns)
          .from(sellerOrder)
          .where(and(eq(sellerOrder.payoutMatch, order.payoutMatch), ne(sellerOrder.id, order.id)))
          .orderBy(asc(sellerOrder.placedAt), asc(sellerOrder.id))
          .limit(EACH)
      : [],
    order.postcode && order.addressLine1 && addressKey(order.addressLine1)
      ? db
          .select(columns)
          .from(sellerOrder)
          .where(
            and(
              eq(sellerOrder.postcode, order.postcode),
              ne(sellerOrder.id, order.id),
              sql`regexp_replace(lower(${sellerOrder.addressLine1}), '[^a-z0-9]', '', 'g') = ${addressKey(order.addressLine1)}`,
            ),
          )
          .orderBy(asc(sellerOrder.placedAt), asc(sellerOrder.id))
          .limit(EACH)
      : [],
  ])
  const found = new Map<string, RelatedOrder>()
  const add = (row: (typeof accounts)[number], match: RelatedMatch) => {
    const entry = found.get(row.id) ?? {
      reference: row.reference,
      status: row.status,
      placedAt: row.placedAt,
      matches: [],
    }
    entry.matches.push(match)
    found.set(row.id, entry)
  }
  for (const row of devices) add(row, { kind: 'device', deviceId: row.deviceId })
  for (const row of accounts) add(row, { kind: 'account' })
  for (const row of addresses) add(row, { kind: 'address' })
  return [...found.values()].sort(
    (a, b) => a.placedAt.getTime() - b.placedAt.getTime() || a.reference.localeCompare(b.reference),
  )
}
