import { formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { SellerIdentityState } from '@/orders/identity/identity-rules'
import type { OrderPanelProps } from './panel-props'

/**
 * On the seller's own order page while proof of identity holds the payment: that it is asked, and
 * where to send it, that the photo has arrived, or that it was refused and what to do. The upload link is not repeated here: only its
 * hash is stored, so the e-mail that asked holds the one working copy.
 */
export function IdentityWaiting({ copy, check }: Pick<OrderPanelProps, 'copy'> & { check: SellerIdentityState }) {
  const text = copy.identity
  return (
    <section aria-labelledby="order-identity" className="order-identity" data-identity={check.state}>
      <h2 id="order-identity">{text.pageHeading}</h2>
      <p>
        {check.state === 'sent'
          ? text.sellerSent
          : check.state === 'refused'
            ? text.sellerRefused
            : fillTemplate(text.sellerWaiting, { asked: formatLongDate(check.askedAt) })}
      </p>
    </section>
  )
}
