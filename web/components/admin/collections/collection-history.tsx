import type { ContactInboxCopy } from '@/content/types'
import type { CollectionPaymentView } from '@/collections/payment/payment-store'
import type { QuoteHistoryEvent } from '@/collections/quote/quote-store'
import type { CollectionRequestRecord } from '@/collections/store'
import { formatPenceExact } from '@/lib/money'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { collectionStatusName } from './collection-words'

type Copy = ContactInboxCopy['collections']
type PaymentCopy = ContactInboxCopy['collectionPayment']
type Props = {
  copy: Copy
  paymentCopy: PaymentCopy
  request: CollectionRequestRecord
  quoteEvents: QuoteHistoryEvent[]
  payment: CollectionPaymentView | null
}

/** One change to the quote, in the history's words. */
function quoteHistoryText(copy: Copy, event: QuoteHistoryEvent): string {
  if (!event.device)
    return fillTemplate(copy.historyQuoteSent, {
      name: event.actorName,
      total: formatPenceExact(event.valuePence ?? 0),
    })
  const values = {
    name: event.actorName,
    device: `${event.device.make} ${event.device.model}`,
    imei: event.device.imei,
    // A value given before grades were has none: said as the devices table says it.
    grade: event.gradeName ?? copy.gradeNone,
  }
  if (event.recycle) return fillTemplate(copy.historyRecycle, values)
  return fillTemplate(copy.historyValued, { ...values, value: formatPenceExact(event.valuePence ?? 0) })
}

/** One step of the quote's payment, in the history's words. */
function paymentText(
  copy: PaymentCopy,
  payment: CollectionPaymentView,
  event: CollectionPaymentView['events'][number],
) {
  if (event.action === 'bank-details') return fillTemplate(copy.historyBankDetails, { name: event.actorName })
  if (event.action === 'pay') return fillTemplate(copy.historyPay, { name: event.actorName })
  if (event.action === 'returned')
    return fillTemplate(copy.historyReturned, { name: event.actorName, reason: event.reason ?? '' })
  if (event.action === 'new-link') return fillTemplate(copy.historyNewLink, { name: event.actorName })
  return fillTemplate(copy.historyPaid, { total: formatPenceExact(payment.amountPence), reference: payment.reference })
}

/** One move, in the history's words. */
function moveText(copy: Copy, event: CollectionRequestRecord['events'][number]): string {
  // No move goes from a status to itself: such an entry is the site's own (closed with nothing
  // collected, its contact removed), read as the site's name and what it wrote.
  if (event.fromStatus === event.toStatus)
    return fillTemplate(copy.historyNote, { name: event.actorName, reason: event.reason })
  return fillTemplate(copy.historyChange, {
    name: event.actorName,
    from: collectionStatusName(copy, event.fromStatus),
    to: collectionStatusName(copy, event.toStatus),
    reason: event.reason,
  })
}

/**
 * A request's history, oldest first: received, then each move with who and why, and each change to
 * its quote and its payment, in the order they happened.
 */
export function CollectionHistory({ copy, paymentCopy, request, quoteEvents, payment }: Props) {
  const history = [
    ...request.events.map((event) => ({ key: `move-${event.id}`, at: event.at, text: moveText(copy, event) })),
    ...quoteEvents.map((event) => ({ key: `quote-${event.id}`, at: event.at, text: quoteHistoryText(copy, event) })),
    ...(payment?.events ?? []).map((event) => ({
      key: `payment-${event.id}`,
      at: event.at,
      text: paymentText(paymentCopy, payment!, event),
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime())
  return (
    <section aria-labelledby="collection-history" className="admin-section admin-timeline">
      <h2 id="collection-history">{copy.historyHeading}</h2>
      <ol>
        <li>
          <time dateTime={isoDate(request.createdAt)}>{formatDateTime(request.createdAt)}</time>{' '}
          <span>{copy.historyReceived}</span>
        </li>
        {history.map((event) => (
          <li key={event.key}>
            <time dateTime={isoDate(event.at)}>{formatDateTime(event.at)}</time> <span>{event.text}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
