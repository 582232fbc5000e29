import { getSignedIn } from '@/accounts/session'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { mayAct, openOrderLink } from '@/orders/actions/actions'
import { invoiceContent } from '@/orders/invoice/invoice-content'
import { invoicePdf } from '@/orders/invoice/invoice-pdf'

export const dynamic = 'force-dynamic'

const PRIVATE = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
}

/**
 * A paid order's purchase invoice as a PDF, made now from the order: for the seller's own link (the
 * e-mails', the account page's), or the tracker's link when the order's account is signed in. It
 * names the seller, so anyone else, or an order not paid, is told no such order was found.
 */
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get('order') ?? undefined
  const [opened, copy, settings] = await Promise.all([openOrderLink(token), getOrderCopy(), getSiteSettings()])
  const visitor = opened?.scope === 'view' ? await getSignedIn(request.headers) : null
  const content =
    opened && mayAct(opened.scope, opened.order, visitor?.user.id ?? null)
      ? invoiceContent(opened.order, copy.invoice, settings)
      : null
  if (!opened || !content) {
    return new Response(copy.confirmation.noOrder, {
      status: 404,
      headers: { ...PRIVATE, 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const pdf = await invoicePdf(content, opened.order.reference)
  return new Response(Buffer.from(pdf), {
    headers: {
      ...PRIVATE,
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="invoice-${opened.order.reference}.pdf"`,
    },
  })
}
