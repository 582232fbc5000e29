import { getSignedIn } from '@/accounts/session'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { mayAct, openOrderLink } from '@/orders/actions/actions'
import { postageLabelContent } from '@/orders/checkout/label-content'
import { postageLabelPdf } from '@/orders/checkout/label-pdf'

export const dynamic = 'force-dynamic'

const PRIVATE = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
}

/**
 * The free postage label and packing slip as a PDF, made now from the order and today's address:
 * for the seller's own link (the e-mails', the receipt's, the account page's), or the tracker's
 * link when the order's account is signed in. Anyone else is told no such order was found.
 */
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get('order') ?? undefined
  const [opened, copy] = await Promise.all([openOrderLink(token), getOrderCopy()])
  const visitor = opened?.scope === 'view' ? await getSignedIn(request.headers) : null
  if (!opened || !mayAct(opened.scope, opened.order, visitor?.user.id ?? null)) {
    return new Response(copy.confirmation.noOrder, {
      status: 404,
      headers: { ...PRIVATE, 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const settings = await getSiteSettings()
  const pdf = await postageLabelPdf(postageLabelContent(opened.order, copy, settings.postalAddress))
  return new Response(Buffer.from(pdf), {
    headers: {
      ...PRIVATE,
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${opened.order.reference}.pdf"`,
    },
  })
}
