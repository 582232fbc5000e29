import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { invoiceContent } from '@/orders/invoice/invoice-content'
import { invoicePdf } from '@/orders/invoice/invoice-pdf'
import { normaliseReference } from '@/orders/record/references'
import { getOrder } from '@/orders/record/store'

export const dynamic = 'force-dynamic'

const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' }

/**
 * A paid order's purchase invoice for staff, from the order's staff page: the same PDF its seller
 * downloads. Anyone who is not active staff, an unknown reference or an order not paid gets a 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ reference: string }> }) {
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return new Response(null, { status: 404, headers: PRIVATE })
  const reference = normaliseReference(decodeURIComponent((await params).reference))
  const [order, copy, settings] = await Promise.all([
    reference ? getOrder(await getDb(), { reference }) : null,
    getOrderCopy(),
    getSiteSettings(),
  ])
  const content = order ? invoiceContent(order, copy.invoice, settings) : null
  if (!order || !content) return new Response(null, { status: 404, headers: PRIVATE })
  const pdf = await invoicePdf(content, order.reference)
  return new Response(Buffer.from(pdf), {
    headers: {
      ...PRIVATE,
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="invoice-${order.reference}.pdf"`,
    },
  })
}
