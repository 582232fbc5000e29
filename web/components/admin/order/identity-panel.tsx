import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { AdminOrderProps } from '@/components/admin/admin-order-props'
import { IDENTITY_EVENTS } from '@/orders/identity/identity-actions'
import { identityAskable } from '@/orders/identity/identity-rules'
import { IdentityButton } from './identity-forms'

/**
 * Proof of identity on an order's staff page: asking for it, why and when it was asked, the photo
 * the seller sent (for staff only, by its own address) with the verdict's two buttons, and once
 * recorded, only the fact: the document's type, who saw it, when.
 */
export function IdentityPanel({ order, copy, identity }: AdminOrderProps) {
  const text = copy.identity
  const because = { amount: text.becauseAmount, duplicate: text.becauseDuplicate, staff: text.becauseStaff }
  const documents = {
    passport: text.passport,
    'driving-licence': text.drivingLicence,
    'identity-card': text.identityCard,
  }
  const document = identity?.documentType ? (documents[identity.documentType as keyof typeof documents] ?? '') : ''
  const verdict = order.events.findLast(
    (event) => event.action === IDENTITY_EVENTS.seen || event.action === IDENTITY_EVENTS.refused,
  )
  return (
    <section aria-labelledby="order-identity-heading" className="admin-section" id="order-identity">
      <h2 id="order-identity-heading">{text.staffHeading}</h2>
      {identity ? (
        <p data-identity="asked">
          {fillTemplate(text.askedAt, {
            at: formatDateTime(identity.askedAt),
            because: because[identity.askedBecause as keyof typeof because] ?? identity.askedBecause,
          })}
        </p>
      ) : null}
      {identity?.outcome ? (
        <p data-identity={identity.outcome}>
          {fillTemplate(identity.outcome === 'seen' ? text.seen : text.refused, {
            document,
            name: verdict?.actorName ?? '',
            at: formatDateTime(identity.verifiedAt!),
          })}
        </p>
      ) : null}
      {identity && !identity.outcome && !identity.hasImage ? (
        <p data-identity="waiting" className="admin-notice">
          {text.waiting}
        </p>
      ) : null}
      {identity?.hasImage && identity.uploadedAt ? (
        <>
          <p data-identity="uploaded">
            {fillTemplate(text.uploadedAt, { at: formatDateTime(identity.uploadedAt), document })}
          </p>
          <p>
            <a href={`/admin/orders/${order.reference}/identity`} target="_blank" rel="noreferrer">
              {text.viewPhoto}
            </a>
          </p>
          <div className="admin-lock-actions">
            <IdentityButton reference={order.reference} action="seen" label={text.seenButton} primary />
            <IdentityButton reference={order.reference} action="refuse" label={text.refuseButton} />
          </div>
        </>
      ) : null}
      {identityAskable(identity, order) ? (
        <IdentityButton reference={order.reference} action="ask" label={text.askButton} />
      ) : null}
    </section>
  )
}
