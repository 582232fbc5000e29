import 'server-only'
import type { EmailCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { renderEmail } from '@/mail/templates'
import type { MailMessage } from '@/mail/send'
import type { OrderEmail } from '@/orders/lifecycle'
import { fillTemplate } from '@/lib/templates'
import { orderToken, tokenPath } from '@/orders/order-token'
import { photoPath } from '@/orders/photo-rules'
import { type OrderRecord } from '@/orders/store'
import { revisedTotal } from '@/orders/order-values'
import { formatLongDate } from '@/lib/dates'

export type OrderMailKind = OrderEmail | 'orderConfirmation' | 'revisedOfferReminder'
export type QueuedMail = MailMessage & { kind: string }

/** Everything rendering an order's e-mails needs, read once before a transaction starts. */
export type OrderMailContext = {
  /** The E-mails document, the site facts ({phone}, {holdDays}…) already written in by the loader. */
  copy: EmailCopy
  /** Where links start: SITE_URL, or http://localhost on this machine (see linkOrigin in web/config). */
  origin: string
}

type OrderForMail = Pick<
  OrderRecord,
  'reference' | 'name' | 'email' | 'totalPence' | 'holdUntil' | 'offerDeadline' | 'payoutLast4' | 'returnTracking'
> & {
  items: Array<
    Pick<OrderRecord['items'][number], 'device' | 'pricePence' | 'revisedPricePence' | 'revisedReason'> &
      Partial<Pick<OrderRecord['items'][number], 'id' | 'offerAnswer'>>
  >
  photos?: Array<Pick<OrderRecord['photos'][number], 'id' | 'orderItemId'>>
}

/**
 * One order e-mail in the E-mails document's words, its links signed so that they open the order
 * without signing in. Nothing here sends: the message goes to the outbox with the change it tells of.
 */
export function orderMail(kind: OrderMailKind, order: OrderForMail, context: OrderMailContext): QueuedMail[] {
  if (!order.email) return []
  const { copy, origin } = context
  const words = copy[kind as keyof EmailCopy] as Parameters<typeof renderEmail>[1]
  // One signed link opens the order's page and each photo of it: the seller's, like every e-mail's.
  const token = orderToken(order.reference)
  const orderLink = `${origin}${tokenPath(token)}`
  const values = {
    name: order.name ?? '',
    reference: order.reference,
    total: formatPence(
      kind === 'revisedOffer' || kind === 'revisedOfferReminder' ? revisedTotal(order) : order.totalPence,
    ),
    holdUntil: formatLongDate(order.holdUntil),
    deadline: order.offerDeadline ? formatLongDate(order.offerDeadline) : '',
    reason: order.items
      .flatMap((item) => (item.revisedReason ? [`${item.device}: ${item.revisedReason}`] : []))
      .join('\n'),
    last4: order.payoutLast4 ?? '',
    tracking: order.returnTracking ?? '',
  }
  const answering = kind === 'revisedOffer' || kind === 'revisedOfferReminder'
  // The seller answers each device on the order's page, where the photos are too.
  const link = answering ? `${orderLink}#offer` : orderLink
  const price = (item: OrderForMail['items'][number]): string =>
    answering && item.revisedPricePence !== null
      ? fillTemplate(copy.revisedPriceRow, {
          old: formatPence(item.pricePence),
          new: formatPence(item.revisedPricePence),
        })
      : formatPence(item.pricePence)
  const table =
    kind === 'orderConfirmation' || answering
      ? {
          heading: copy.orderItemsHeading,
          rows: order.items.map((item) => [item.device, price(item)] as [string, string]),
          totalLabel: copy.totalLabel,
          total: values.total,
        }
      : undefined
  const links = answering
    ? order.items.flatMap((item) =>
        (order.photos ?? [])
          .filter((photo) => photo.orderItemId === item.id)
          .map((photo, index) => ({
            label: fillTemplate(copy.photoLink, { number: index + 1, device: item.device }),
            href: `${origin}${photoPath(photo.id, token)}`,
          })),
      )
    : []
  const message = renderEmail(copy, words, values, order.email, link, {
    table,
    links: links.length ? { heading: copy.photosHeading, links } : undefined,
  })
  return [{ ...message, kind }]
}
