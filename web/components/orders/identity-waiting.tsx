import { formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { OrderPanelProps } from './panel-props'

/** A proof of identity asked for the order and not yet decided: when it was asked, and any photo sent. */
export type IdentityWaitingCheck = { askedAt: Date; uploaded: boolean }

/**
 * On the seller's own order page while proof of identity holds the payment: that it is asked, and
 * where to send it, or that the photo has arrived. The upload link is not repeated here: only its
 * hash is stored, so the e-mail that asked holds the one working copy.
 */
export function IdentityWaiting({ copy, check }: Pick<OrderPanelProps, 'copy'> & { check: IdentityWaitingCheck }) {
  const text = copy.identity
  return (
    <section
      aria-labelledby="order-identity"
      className="order-identity"
      data-identity={check.uploaded ? 'sent' : 'asked'}
    >
      <h2 id="order-identity">{text.pageHeading}</h2>
      <p>
        {check.uploaded ? text.sellerSent : fillTemplate(text.sellerWaiting, { asked: formatLongDate(check.askedAt) })}
      </p>
    </section>
  )
}
