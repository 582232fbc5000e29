import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { PRIVATE_FILE_HEADERS, privatePdf } from '@/http/private-file'
import { sellersOwnOrder } from '@/orders/actions/actions'
import { postageLabelContent } from '@/orders/checkout/label-content'
import { postageLabelPdf, trackedLabelPdf } from '@/orders/checkout/label-pdf'
import { carrierClient } from '@/carrier/client'
import { openParcel } from '@/orders/parcels/parcels'
import { getDb } from '@/db/connection'

export const dynamic = 'force-dynamic'

/**
 * The free postage label and packing slip as a PDF: the carrier's tracked label, asked of it now,
 * once it has made one; until then (or while it cannot give it) our own freepost label, which
 * still brings the parcel to us. The slip is made now from the order and today's address. For the seller's own link (the
 * e-mails', the receipt's, the account page's), or the tracker's link when the order's account is
 * signed in. Anyone else is told no such order was found.
 */
export async function GET(request: Request) {
  const [order, copy] = await Promise.all([sellersOwnOrder(request), getOrderCopy()])
  if (!order) {
    return new Response(copy.confirmation.noOrder, {
      status: 404,
      headers: { ...PRIVATE_FILE_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const [settings, parcel] = await Promise.all([
    getSiteSettings(),
    order.status === 'placed' ? getDb().then((db) => openParcel(db, order.id)) : null,
  ])
  const content = postageLabelContent(order, copy, settings.postalAddress)
  const label = parcel ? await carrierClient().labelPdf(parcel.trackingNumber) : null
  const pdf = label?.ok
    ? await trackedLabelPdf(content, { trackingNumber: parcel!.trackingNumber, pdf: label.pdf })
    : await postageLabelPdf(content)
  return privatePdf(pdf, `${order.reference}.pdf`)
}
