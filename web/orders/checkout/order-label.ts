import 'server-only'
import { carrierClient } from '@/carrier/client'
import type { OrderCopy } from '@/content/types'
import { getDb } from '@/db/connection'
import { postageLabelContent } from '@/orders/checkout/label-content'
import { postageLabelPdf, trackedLabelPdf } from '@/orders/checkout/label-pdf'
import { openParcel } from '@/orders/parcels/parcels'
import type { OrderRecord } from '@/orders/record/store'

/**
 * An order's postage label and packing slip as one PDF page: the carrier's tracked label, asked of
 * the carrier now, once it has made one; until then (or while it cannot give it) our own freepost
 * label, which still brings the parcel to us. The seller's link and staff packing a postage pack
 * print the same page.
 */
export async function orderLabelPdf(order: OrderRecord, copy: OrderCopy, postalAddress: string): Promise<Uint8Array> {
  const parcel = order.status === 'placed' ? await openParcel(await getDb(), order.id) : null
  const content = postageLabelContent(order, copy, postalAddress)
  const label = parcel ? await carrierClient().labelPdf(parcel.trackingNumber) : null
  return label?.ok
    ? trackedLabelPdf(content, { trackingNumber: parcel!.trackingNumber, pdf: label.pdf })
    : postageLabelPdf(content)
}
