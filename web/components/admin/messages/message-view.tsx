import type { ContactInboxCopy } from '@/content/types'
import { CONTACT_MOVES, isContactStatus } from '@/contact/statuses'
import type { ContactMessageRecord } from '@/contact/store'
import type { OfferListRow } from '@/orders/manual-offers/offer-store'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import '@/styles/admin.css'
import { MessageStatusForms } from './message-status-forms'
import { contactStatusName, moveLabel } from './message-words'
import { StaffPage } from '@/components/admin/staff-page'
import { OffersSection } from './offers-section'

type Props = {
  copy: ContactInboxCopy
  message: ContactMessageRecord
  /** The status the last change moved the message to, when the page was sent here after it. */
  done: string | null
  /** The offers made from it for a device not in the catalogue. */
  offers: OfferListRow[]
  now: Date
}

/** One contact message for staff: who sent it, what it says, what to do with it and who did what. */
export function MessageView({ copy, message, done, offers, now }: Props) {
  const text = copy.message
  const status = contactStatusName(copy, message.status)
  const moves = isContactStatus(message.status) ? CONTACT_MOVES[message.status] : []
  return (
    <StaffPage
      className="admin-message"
      back={{ href: '/admin/messages', label: text.backToList }}
      heading={fillTemplate(text.heading, { name: message.name })}
    >
      {done === message.status ? (
        <p className="admin-notice" role="status">
          {fillTemplate(text.done, { status })}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>{text.statusLabel}</dt>
        <dd className="admin-facts__status">{status}</dd>
        <dt>{text.receivedLabel}</dt>
        <dd>
          <time dateTime={isoDate(message.receivedAt)}>{formatDateTime(message.receivedAt)}</time>
        </dd>
      </dl>
      <section aria-labelledby="message-sender" className="admin-section">
        <h2 id="message-sender">{text.senderHeading}</h2>
        <dl className="admin-facts">
          <dt>{text.nameLabel}</dt>
          <dd>{message.name}</dd>
          <dt>{text.emailLabel}</dt>
          <dd>
            <a href={`mailto:${message.email}`}>{message.email}</a>
          </dd>
          <dt>{text.phoneLabel}</dt>
          <dd>
            {message.phone ? <a href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}>{message.phone}</a> : text.noPhone}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="message-text" className="admin-section">
        <h2 id="message-text">{text.messageHeading}</h2>
        <p className="admin-message__text">{message.message}</p>
      </section>
      {moves.length ? (
        <section aria-labelledby="message-actions" className="admin-section">
          <h2 id="message-actions">{text.actionsHeading}</h2>
          <MessageStatusForms
            id={message.id}
            status={message.status}
            moves={moves.map((to) => ({ to, label: moveLabel(copy, to) }))}
          />
        </section>
      ) : null}
      <OffersSection copy={copy.offers} messageId={message.id} offers={offers} done={done} now={now} />
      <section aria-labelledby="message-history" className="admin-section admin-timeline">
        <h2 id="message-history">{text.historyHeading}</h2>
        <ol>
          <li>
            <time dateTime={isoDate(message.receivedAt)}>{formatDateTime(message.receivedAt)}</time>{' '}
            <span>{text.historyReceived}</span>
          </li>
          {message.events.map((event) => (
            <li key={event.id}>
              <time dateTime={isoDate(event.at)}>{formatDateTime(event.at)}</time>{' '}
              <span>
                {fillTemplate(text.historyChange, {
                  name: event.actorName,
                  from: contactStatusName(copy, event.fromStatus),
                  to: contactStatusName(copy, event.toStatus),
                })}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </StaffPage>
  )
}
