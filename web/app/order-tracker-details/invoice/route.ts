import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { PRIVATE_FILE_HEADERS, privatePdf } from '@/http/private-file'
import { sellersOwnOrder } from '@/orders/actions/actions'
import { invoiceContent } from '@/orders/invoice/invoice-content'
import { invoicePdf } from '@/orders/invoice/invoice-pdf'

export const dynamic = 'force-dynamic'

/**
 * A paid order's purchase invoice as a PDF, made now from the order: for the seller's own link (the
 * e-mails', the account page's), or the tracker's link when the order's account is signed in. It
 * names the seller, so anyone else, or an order not paid, is told no such order was found.
 */
export async function GET(request: Request) {
  const [order, copy, settings] = await Promise.all([sellersOwnOrder(request), getOrderCopy(), getSiteSettings()])
  const content = order ? invoiceContent(order, copy.invoice, settings) : null
  if (!order || !content) {
    return new Response(copy.confirmation.noOrder, {
      status: 404,
      headers: { ...PRIVATE_FILE_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  return privatePdf(await invoicePdf(content, order.reference), `invoice-${order.reference}.pdf`)
}
