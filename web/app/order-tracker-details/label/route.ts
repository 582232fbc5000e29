import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { PRIVATE_FILE_HEADERS, privatePdf } from '@/http/private-file'
import { sellersOwnOrder } from '@/orders/actions/actions'
import { postageLabelContent } from '@/orders/checkout/label-content'
import { postageLabelPdf } from '@/orders/checkout/label-pdf'

export const dynamic = 'force-dynamic'

/**
 * The free postage label and packing slip as a PDF, made now from the order and today's address:
 * for the seller's own link (the e-mails', the receipt's, the account page's), or the tracker's
 * link when the order's account is signed in. Anyone else is told no such order was found.
 */
export async function GET(request: Request) {
  const [order, copy] = await Promise.all([sellersOwnOrder(request), getOrderCopy()])
  if (!order) {
    return new Response(copy.confirmation.noOrder, {
      status: 404,
      headers: { ...PRIVATE_FILE_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const settings = await getSiteSettings()
  const pdf = await postageLabelPdf(postageLabelContent(order, copy, settings.postalAddress))
  return privatePdf(pdf, `${order.reference}.pdf`)
}
