/**
 * Return labels in bulk: the orders being returned that staff chose on the list, each printed as a
 * label addressed to its seller (the address the order holds) with a note for the parcel listing
 * what goes back. Only orders still being returned are printed; any other id chosen is left out.
 */
import 'server-only'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder } from '@/db/schema'
import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { LabelContent } from '@/orders/checkout/label-pdf'

export type ReturnLabelOrder = {
  reference: string
  name: string | null
  address: string[]
  devices: string[]
}

/** The chosen orders still being returned, longest waiting first, with their address and devices. */
export async function returnLabelOrders(db: Db, ids: readonly string[]): Promise<ReturnLabelOrder[]> {
  if (!ids.length) return []
  const orders = await db
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      name: sellerOrder.name,
      addressLine1: sellerOrder.addressLine1,
      addressLine2: sellerOrder.addressLine2,
      town: sellerOrder.town,
      postcode: sellerOrder.postcode,
    })
    .from(sellerOrder)
    .where(and(inArray(sellerOrder.id, [...ids]), eq(sellerOrder.status, 'returning')))
    .orderBy(asc(sellerOrder.statusSince), asc(sellerOrder.id))
  if (!orders.length) return []
  const items = await db
    .select({ orderId: orderItem.orderId, device: orderItem.device })
    .from(orderItem)
    .where(
      inArray(
        orderItem.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderItem.position))
  return orders.map((order) => ({
    reference: order.reference,
    name: order.name,
    address: [order.addressLine1, order.addressLine2, order.town, order.postcode].filter((line): line is string =>
      Boolean(line?.trim()),
    ),
    devices: items.filter((item) => item.orderId === order.id).map((item) => item.device),
  }))
}

/** One order's page of the PDF: the seller's name and address on the label, what goes back on the note. */
export function returnLabelContent(order: ReturnLabelOrder, text: OrderCopy['returnLabels']): LabelContent {
  return {
    reference: order.reference,
    title: text.title,
    label: {
      heading: text.labelHeading,
      address: [...(order.name ? [order.name] : []), ...order.address],
      instructions: text.labelInstructions,
    },
    slip: {
      heading: text.slipHeading,
      instructions: fillTemplate(text.slipInstructions, { reference: order.reference }),
      seller: null,
      lines: order.devices,
      total: '',
    },
  }
}
