import 'server-only'
import { formatDateTime } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import type { OrderMailContext } from '@/orders/record/mail'
import { offerToken } from '@/orders/record/order-token'
import type { OfferRecipient } from './offer-store'
import { offerPath } from './offer-rules'

type Offer = { model: string; pricePence: number; recycle: boolean; expiresAt: Date }

/**
 * A staff offer, to the address the contact message came from, in the content's words: its button
 * opens checkout with the offer (the link signed for that offer alone, expiring with it). A free
 * recycling offer has its own words, which name no price. Tied to the message, so it goes when
 * the message does.
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
  const words = offer.recycle ? copy.manualRecyclingOffer : copy.manualOffer
  const rendered = renderEmail(copy, words, values, recipient.email, link)
  return { ...rendered, kind: 'manualOffer', contactMessageId: messageId }
}
