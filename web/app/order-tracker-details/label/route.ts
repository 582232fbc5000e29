import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { PRIVATE_FILE_HEADERS, privatePdf } from '@/http/private-file'
import { sellersOwnOrder } from '@/orders/actions/actions'
import { orderLabelPdf } from '@/orders/checkout/order-label'

export const dynamic = 'force-dynamic'

/**
 * The free postage label and packing slip as a PDF (the carrier's tracked label once it has made
 * one, else our freepost label; the slip made now from the order and today's address). For the
 * seller's own link (the e-mails', the receipt's, the account page's), or the tracker's link when
 * the order's account is signed in. Anyone else is told no such order was found.
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
  return privatePdf(await orderLabelPdf(order, copy, settings.postalAddress), `${order.reference}.pdf`)
}
