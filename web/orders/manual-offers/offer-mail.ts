import 'server-only'
import { formatDateTime } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import type { OrderMailContext } from '@/orders/record/mail'
import { offerToken } from '@/orders/record/order-token'
import type { OfferRecipient } from './offer-store'
import { offerPath } from './offer-rules'

type Offer = { model: string; pricePence: number; expiresAt: Date }

/**
 * A staff offer, to the address the contact message came from, in the content's words: its button
 * opens checkout with the offer (the link signed for that offer alone, expiring with it). Tied to
 * the message, so it goes when the message does.
 */
export function manualOfferMail(
  recipient: OfferRecipient,
  offer: Offer,
  { copy, origin }: Pick<OrderMailContext, 'copy' | 'origin'>,
  messageId: string,
): QueuedEmail {
  const values = {
    name: recipient.name,
    model: offer.model,
    price: formatPence(offer.pricePence),
    until: formatDateTime(offer.expiresAt),
  }
  const link = `${origin}${offerPath(offerToken(recipient.offerId, offer.expiresAt))}`
  const rendered = renderEmail(copy, copy.manualOffer, values, recipient.email, link)
  return { ...rendered, kind: 'manualOffer', contactMessageId: messageId }
}
