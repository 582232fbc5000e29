/** A contact message's offers for a device not in the catalogue, on its staff page: those made, and the form. */
import Link from 'next/link'
import type { ContactInboxCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { OFFER_MAX_PENCE, OFFER_MIN_PENCE } from '@/lib/offer-bounds'
import { fillTemplate } from '@/lib/templates'
import { OFFER_PROBLEMS } from '@/orders/manual-offers/offer-rules'
import type { OfferListRow } from '@/orders/manual-offers/offer-store'
import { MakeOfferForm, WithdrawOfferForm } from './offer-forms'

type Props = {
  copy: ContactInboxCopy['offers']
  messageId: string
  offers: OfferListRow[]
  /** What the last offer form did, when the page was sent here after it. */
  done: string | null
  now: Date
}

/**
 * The offers made from a message about a device not in the catalogue, each with where it stands
 * (and its order once accepted, or its withdraw button while open), and the form that makes one.
 */
export function OffersSection({ copy, messageId, offers, done, now }: Props) {
  const statusOf = (offer: OfferListRow) =>
    offer.status === 'accepted'
      ? copy.accepted
      : offer.status === 'withdrawn'
        ? copy.withdrawnStatus
        : offer.expiresAt > now
          ? copy.open
          : copy.expired
  return (
    <section aria-labelledby="offers-heading" id="offers" className="admin-section">
      <h2 id="offers-heading">{copy.heading}</h2>
      {done === 'offer' || done === 'withdrawn' ? (
        <p className="admin-notice" role="status">
          {done === 'offer' ? copy.made : copy.withdrawn}
        </p>
      ) : null}
      {offers.length ? (
        <ul className="admin-offers">
          {offers.map((offer) => (
            <li key={offer.id} data-offer-status={offer.status}>
              {fillTemplate(copy.line, {
                model: offer.model,
                price: offer.recycle ? copy.recycleFree : formatPence(offer.pricePence),
                status: statusOf(offer),
                name: offer.madeByName,
                at: formatDateTime(offer.madeAt),
                until: formatDateTime(offer.expiresAt),
              })}{' '}
              {offer.orderReference ? (
                <Link href={`/admin/orders/${offer.orderReference}`}>
                  {fillTemplate(copy.orderLink, { reference: offer.orderReference })}
                </Link>
              ) : null}
              {offer.status === 'open' && offer.expiresAt > now ? (
                <WithdrawOfferForm messageId={messageId} offerId={offer.id} label={copy.withdraw} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <MakeOfferForm
        messageId={messageId}
        fields={[
          { name: 'model', label: copy.model, type: 'text' },
          {
            name: 'price',
            label: copy.price,
            type: 'text',
            short: true,
            hint: fillTemplate(copy.priceHint, {
              min: formatPence(OFFER_MIN_PENCE),
              max: formatPence(OFFER_MAX_PENCE),
            }),
          },
          // Chosen, never typed: a £0 offer is free recycling, ticked here (offer-rules.ts).
          { name: 'recycle', label: copy.recycle, type: 'checkbox' },
          { name: 'reason', label: copy.reason, type: 'text' },
        ]}
        submitLabel={copy.submit}
        messages={Object.fromEntries(OFFER_PROBLEMS.map((code) => [code, copy[code]]))}
        summaryTitle={copy.summary}
      />
    </section>
  )
}
