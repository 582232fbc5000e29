/**
 * What a paid order's purchase invoice says, every word in place: the order number as the invoice's,
 * the day it was paid, the seller (as the order holds them) and us, each device bought with its IMEI
 * and the price paid, and the total. A device the seller declined, or we refused, was not bought and
 * is not on it. Pure: the order and the words in, the lines out.
 */
import { addressLines } from '@/content/site-facts'
import type { OrderCopy } from '@/content/types'
import { formatLongDate } from '@/lib/dates'
import { formatPenceExact } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { OrderRecord } from '@/orders/record/store'

export type InvoiceOrder = Pick<
  OrderRecord,
  'reference' | 'name' | 'addressLine1' | 'addressLine2' | 'town' | 'postcode' | 'status'
> & {
  items: Array<
    Pick<OrderRecord['items'][number], 'device' | 'imei' | 'pricePence' | 'revisedPricePence' | 'offerAnswer'>
  >
  events: Array<Pick<OrderRecord['events'][number], 'toStatus' | 'fromStatus' | 'at'>>
}

export type InvoiceContent = {
  title: string
  heading: string
  /** Label and value: the invoice's number and date. */
  facts: Array<[string, string]>
  seller: { heading: string; lines: string[] }
  buyer: { heading: string; lines: string[] }
  columns: [string, string, string]
  rows: Array<[string, string, string]>
  total: [string, string]
  vatNote: string
}

/** When the order was paid: its latest move into "paid". Null while it is not paid. */
export function paidAt(order: Pick<InvoiceOrder, 'status' | 'events'>): Date | null {
  if (order.status !== 'paid') return null
  const moves = order.events.filter((event) => event.toStatus === 'paid' && event.fromStatus !== 'paid')
  return moves.length ? new Date(Math.max(...moves.map((event) => event.at.getTime()))) : null
}

export function invoiceContent(
  order: InvoiceOrder,
  words: OrderCopy['invoice'],
  us: { productName: string; postalAddress: string },
): InvoiceContent | null {
  const paid = paidAt(order)
  if (!paid) return null
  const bought = order.items.filter((item) => item.offerAnswer !== 'decline')
  const price = (item: InvoiceOrder['items'][number]) => item.revisedPricePence ?? item.pricePence
  const address = [order.addressLine1, order.addressLine2, order.town, order.postcode].filter((line): line is string =>
    Boolean(line?.trim()),
  )
  return {
    title: fillTemplate(words.title, { reference: order.reference }),
    heading: words.heading,
    facts: [
      [words.numberLabel, order.reference],
      [words.dateLabel, formatLongDate(paid)],
    ],
    seller: {
      heading: words.sellerHeading,
      lines: order.name ? [order.name, ...address] : [words.sellerRemoved],
    },
    buyer: { heading: words.buyerHeading, lines: [us.productName, ...addressLines(us.postalAddress)] },
    columns: [words.deviceColumn, words.imeiColumn, words.priceColumn],
    rows: bought.map((item) => [item.device, item.imei ?? words.noImei, formatPenceExact(price(item))]),
    total: [words.totalLabel, formatPenceExact(bought.reduce((sum, item) => sum + price(item), 0))],
    vatNote: words.vatNote,
  }
}
