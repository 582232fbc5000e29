import 'server-only'
import { addressLines } from '@/content/site-facts'
import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { LabelContent } from './label-pdf'
import type { OrderRecord } from '@/orders/record/store'

type LabelOrder = Pick<OrderRecord, 'reference' | 'name' | 'totalPence'> & {
  items: Array<Pick<OrderRecord['items'][number], 'device' | 'gradeName' | 'pricePence'>>
}

/** The freepost address as printed: the Orders document's lines around the one postal address in Site settings. */
export function freepostAddress(copy: OrderCopy, postalAddress: string): string[] {
  return addressLines(
    fillTemplate(copy.confirmation.freepostAddress, { addressLines: addressLines(postalAddress).join('\n') }),
  )
}

/** The label and packing slip of an order, in the words the receipt page prints them with. */
export function postageLabelContent(order: LabelOrder, copy: OrderCopy, postalAddress: string): LabelContent {
  const text = copy.confirmation
  return {
    reference: order.reference,
    title: `${text.labelHeading} ${order.reference}`,
    label: {
      heading: text.labelHeading,
      address: freepostAddress(copy, postalAddress),
      instructions: text.labelInstructions,
    },
    slip: {
      heading: text.slipHeading,
      instructions: text.slipInstructions,
      seller: order.name,
      lines: order.items.map((item) => `${item.device}, ${item.gradeName}: ${formatPence(item.pricePence)}`),
      total: `${copy.details.totalLabel}: ${formatPence(order.totalPence)}`,
    },
  }
}
