import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { seeOther } from '@/http/see-other'
import { labelsPdf } from '@/orders/checkout/label-pdf'
import { chosenOrders } from '@/orders/queue/return-label-rules'
import { returnLabelContent, returnLabelOrders } from '@/orders/queue/return-labels'
import { PRIVATE_FILE_HEADERS, privatePdf } from '@/http/private-file'

export const dynamic = 'force-dynamic'

/**
 * Return labels for the orders being returned that staff chose on the list, one A4 page each, as
 * one PDF (a file, not a page, so a route; the list's form is a plain GET, with or without
 * scripts). Anyone who is not active staff meets the 404 the staff pages give them. With no order
 * being returned among those chosen, staff are sent back to the returns list, which says so.
 */
export async function GET(request: Request) {
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return new Response(null, { status: 404, headers: PRIVATE_FILE_HEADERS })
  const [copy, db] = await Promise.all([getOrderCopy(), getDb()])
  const orders = await returnLabelOrders(db, chosenOrders(new URL(request.url).searchParams))
  if (!orders.length) return seeOther('/admin/orders?status=returning&labels=none#return-labels-none')
  const text = copy.returnLabels
  const pdf = await labelsPdf(
    orders.map((order) => returnLabelContent(order, text)),
    { title: text.title, subject: orders.map((order) => order.reference).join(' ') },
  )
  return privatePdf(pdf, 'return-labels.pdf')
}
