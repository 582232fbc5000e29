import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { invoiceContent } from '@/orders/invoice/invoice-content'
import { invoicePdf } from '@/orders/invoice/invoice-pdf'
import { normaliseReference } from '@/orders/record/references'
import { getOrder } from '@/orders/record/store'
import { PRIVATE_FILE_HEADERS, privatePdf } from '@/http/private-file'

export const dynamic = 'force-dynamic'

/**
 * A paid order's purchase invoice for staff, from the order's staff page: the same PDF its seller
 * downloads. Anyone who is not active staff, an unknown reference or an order not paid gets a 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ reference: string }> }) {
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return new Response(null, { status: 404, headers: PRIVATE_FILE_HEADERS })
  const reference = normaliseReference(decodeURIComponent((await params).reference))
  const [order, copy, settings] = await Promise.all([
    reference ? getOrder(await getDb(), { reference }) : null,
    getOrderCopy(),
    getSiteSettings(),
  ])
  const content = order ? invoiceContent(order, copy.invoice, settings) : null
  if (!order || !content) return new Response(null, { status: 404, headers: PRIVATE_FILE_HEADERS })
  const pdf = await invoicePdf(content, order.reference)
  return privatePdf(pdf, `invoice-${order.reference}.pdf`)
}
