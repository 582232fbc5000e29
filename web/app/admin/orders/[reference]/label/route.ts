import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { PRIVATE_FILE_HEADERS, privatePdf } from '@/http/private-file'
import { orderLabelPdf } from '@/orders/checkout/order-label'
import { normaliseReference } from '@/orders/record/references'
import { getOrder } from '@/orders/record/store'

export const dynamic = 'force-dynamic'

/**
 * The postage label of an order still waiting for its parcel, for staff putting it on a postage
 * pack: the same page its seller prints (the carrier's tracked label with the packing slip), so a
 * pack's parcel is tracked and insured as the seller's own is. Anyone who is not active staff, an
 * unknown reference or an order no longer waiting for its parcel gets a 404.
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
  if (!order || order.status !== 'placed') return new Response(null, { status: 404, headers: PRIVATE_FILE_HEADERS })
  return privatePdf(await orderLabelPdf(order, copy, settings.postalAddress), `${order.reference}.pdf`)
}
