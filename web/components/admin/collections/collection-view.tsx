import type { ContactInboxCopy } from '@/content/types'
import { COLLECTION_MOVES, isCollectionStatus } from '@/collections/statuses'
import type { CollectionDeviceView } from '@/collections/devices-store'
import type { CollectionPaymentView } from '@/collections/payment/payment-store'
import type { QuoteHistoryEvent } from '@/collections/quote/quote-store'
import type { CollectionRequestRecord } from '@/collections/store'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import '@/styles/admin.css'
import { StaffPage } from '@/components/admin/staff-page'
import { CollectionDevices } from './collection-devices'
import { CollectionHistory } from './collection-history'
import { CollectionMoveForms } from './collection-move-forms'
import { CollectionPaperwork } from './collection-paperwork'
import { CollectionPayment } from './collection-payment'
import { CollectionQuote } from './collection-quote'
import type { GradeChoice } from './collection-quote-forms'
import { collectionMoveLabel, collectionStatusName } from './collection-words'

type Props = {
  copy: ContactInboxCopy['collections']
  request: CollectionRequestRecord
  /** The status the last move took the request to, when the page was sent here after it. */
  done: string | null
  devices: CollectionDeviceView[]
  /** How many devices the last list added, when the page was sent here after it. */
  added: number | null
  /** Devices may still be added (collected, no certificate yet). */
  devicesOpen: boolean
  certificate: string | null
  wasteNote: { number: string; href: string; label: string } | null
  report: { number: string; href: string; label: string } | null
  /** What was just issued, when the page was sent here after it. */
  issued: boolean
  quote: {
    events: QuoteHistoryEvent[]
    sent: { at: Date; actorName: string; totalPence: number } | null
    workingDays: number
    /** The catalogue's condition grades, best first, to grade each device with. */
    grades: GradeChoice[]
    /** What was just done to it, when the page was sent here after it. */
    done: 'valued' | 'sent' | null
  }
  paymentCopy: ContactInboxCopy['collectionPayment']
  /** The quote's payment (null: none opened), whether the member of staff may pay it, and whether it was just paid. */
  payment: { view: CollectionPaymentView | null; canPay: boolean; done: boolean; relinked: boolean }
}

/**
 * Why Close will be refused while the quote is not settled (the move's check, closing.ts, says the
 * same words): not sent, or above £0 and not paid. Nothing once it is settled.
 */
function CloseWaits({ copy, sent, paid }: { copy: Props['copy']; sent: Props['quote']['sent']; paid: boolean }) {
  if (!sent) return <p>{copy.closeNeedsQuote}</p>
  return sent.totalPence > 0 && !paid ? <p>{copy.closeNeedsPayment}</p> : null
}

/** One collection request for staff: who asks, where, what, the moves it can make and who made which. */
export function CollectionView(props: Props) {
  const {
    copy,
    paymentCopy,
    payment,
    request,
    done,
    devices,
    added,
    devicesOpen,
    certificate,
    wasteNote,
    report,
    issued,
    quote,
  } = props
  const status = collectionStatusName(copy, request.status)
  const moves = isCollectionStatus(request.status) ? COLLECTION_MOVES[request.status] : []
  return (
    <StaffPage
      className="admin-message"
      back={{ href: '/admin/collections', label: copy.backToList }}
      heading={fillTemplate(copy.requestHeading, { organisation: request.organisation })}
    >
      {done === request.status ? (
        <p className="admin-notice" role="status">
          {fillTemplate(copy.done, { status })}
        </p>
      ) : null}
      {issued && certificate ? (
        <p className="admin-notice" role="status">
          {copy.certificateIssued}
        </p>
      ) : null}
      {quote.done ? (
        <p className="admin-notice" role="status">
          {quote.done === 'sent' ? copy.quoteSentNotice : copy.valued}
        </p>
      ) : null}
      {payment.done && payment.view?.state === 'paid' ? (
        <p className="admin-notice" role="status">
          {paymentCopy.paidNotice}
        </p>
      ) : null}
      {payment.relinked ? (
        <p className="admin-notice" role="status">
          {paymentCopy.newLinkSent}
        </p>
      ) : null}
      {added ? (
        <p className="admin-notice" role="status">
          {fillTemplate(copy.added, { count: added })}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>{copy.statusLabel}</dt>
        <dd className="admin-facts__status">{status}</dd>
        <dt>{copy.receivedLabel}</dt>
        <dd>
          <time dateTime={isoDate(request.createdAt)}>{formatDateTime(request.createdAt)}</time>
        </dd>
        <dt>{copy.contactNameLabel}</dt>
        <dd>{request.contactName || copy.contactRemovedValue}</dd>
        <dt>{copy.emailLabel}</dt>
        <dd>{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : copy.contactRemovedValue}</dd>
        <dt>{copy.phoneLabel}</dt>
        <dd>
          {request.phone ? (
            <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</a>
          ) : (
            copy.contactRemovedValue
          )}
        </dd>
        <dt>{copy.addressLabel}</dt>
        <dd className="admin-message__text">{`${request.address}\n${request.postcode}`}</dd>
        <dt>{copy.deviceCountLabel}</dt>
        <dd>{request.deviceCount}</dd>
        <dt>{copy.devicesLabel}</dt>
        <dd className="admin-message__text">{request.devices}</dd>
        <dt>{copy.preferredDatesLabel}</dt>
        <dd className="admin-message__text">{request.preferredDates}</dd>
        <dt>{copy.sicCodeLabel}</dt>
        <dd>{request.sicCode ?? copy.sicCodeNone}</dd>
      </dl>
      <CollectionDevices id={request.id} copy={copy} devices={devices} open={devicesOpen} />
      <CollectionQuote
        id={request.id}
        copy={copy}
        devices={devices}
        open={request.status === 'collected' && !quote.sent}
        sent={quote.sent}
        workingDays={quote.workingDays}
        grades={quote.grades}
      />
      <CollectionPayment id={request.id} copy={paymentCopy} payment={payment.view} canPay={payment.canPay} />
      <CollectionPaperwork
        id={request.id}
        copy={copy}
        certificate={certificate}
        wasteNote={wasteNote}
        report={report}
        canIssue={request.status === 'collected' && devices.length > 0}
      />
      {moves.length ? (
        <section aria-labelledby="collection-actions" className="admin-section">
          <h2 id="collection-actions">{copy.actionsHeading}</h2>
          {request.status === 'collected' && !devices.length ? <p>{copy.closesWithoutPaperwork}</p> : null}
          {request.status === 'collected' && devices.length ? (
            <CloseWaits copy={copy} sent={quote.sent} paid={payment.view?.state === 'paid'} />
          ) : null}
          <CollectionMoveForms
            id={request.id}
            status={request.status}
            reasonLabel={copy.reasonLabel}
            moves={moves.map((to) => ({ to, label: collectionMoveLabel(copy, to) }))}
          />
        </section>
      ) : null}
      <CollectionHistory
        copy={copy}
        paymentCopy={paymentCopy}
        request={request}
        quoteEvents={quote.events}
        payment={payment.view}
      />
    </StaffPage>
  )
}
