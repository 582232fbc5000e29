/** The contact form's messages for staff, newest first: a filter by status, a search, how long each new one has waited. */
import Link from 'next/link'
import type { ContactInboxCopy } from '@/content/types'
import type { ContactListRow } from '@/contact/store'
import { CONTACT_STATUSES, contactMessagePath } from '@/contact/statuses'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import '@/styles/admin.css'
import { ListFilter } from '@/components/admin/list-filter'
import { contactStatusName } from './message-words'
import { StaffPage } from '@/components/admin/staff-page'
import { replyTimer } from '@/orders/queue/step-timers'
import type { BusinessCalendar } from '@/orders/record/working-days'

type Props = {
  copy: ContactInboxCopy
  messages: ContactListRow[]
  filter: { status: string; search: string }
  /** The reply timers' clock: now, and the working days (Monday to Friday, less closures). */
  timing: { now: Date; calendar: BusinessCalendar }
}

/** The contact form's messages for staff, newest first: a filter by status, a search, each one to open. */
export function MessagesList({ copy, messages, filter, timing }: Props) {
  const text = copy.list
  return (
    <StaffPage
      back={{ href: '/admin/orders', label: text.backToOrders }}
      heading={text.heading}
      intro={fillTemplate(text.retentionNote, { days: copy.retentionDays })}
    >
      <p>
        <Link href="/admin/collections">{copy.collections.staffHomeLink}</Link>
      </p>
      <ListFilter
        action="/admin/messages"
        idPrefix="messages"
        words={text}
        statuses={CONTACT_STATUSES.map((status) => ({ value: status, label: copy.statuses[status] }))}
        filter={filter}
      />
      <MessagesTable copy={copy} messages={messages} timing={timing} />
    </StaffPage>
  )
}

function MessagesTable({ copy, messages, timing }: Omit<Props, 'filter'>) {
  const text = copy.list
  if (!messages.length) return <p className="admin-empty">{text.empty}</p>
  return (
    <div className="admin-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">{text.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{text.senderColumn}</th>
            <th scope="col">{text.receivedColumn}</th>
            <th scope="col">{text.emailColumn}</th>
            <th scope="col">{text.messageColumn}</th>
            <th scope="col">{text.statusColumn}</th>
            <th scope="col">{text.waitingColumn}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id}>
              <th scope="row">
                <Link href={contactMessagePath(message.id)}>{message.name}</Link>
              </th>
              <td>
                <time dateTime={isoDate(message.receivedAt)}>{formatDateTime(message.receivedAt)}</time>
              </td>
              <td className="admin-table__notes">{message.email}</td>
              <td className="admin-table__notes">{message.excerpt}</td>
              <td>{contactStatusName(copy, message.status)}</td>
              <td>
                <ReplyTimer copy={copy} message={message} timing={timing} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** How long a new message has waited for a reply against the promise; "Late" in words when past it. */
function ReplyTimer({
  copy,
  message,
  timing,
}: {
  copy: ContactInboxCopy
  message: ContactListRow
  timing: Props['timing']
}) {
  const timer = replyTimer(message, timing.now, copy.replyWorkingDays, timing.calendar)
  if (!timer) return null
  return (
    <span className={timer.late ? 'admin-timer admin-timer--late' : 'admin-timer'} data-timer="reply">
      {fillTemplate(copy.list.timerWaited, { waited: timer.waited, promise: timer.promise })}
      {timer.late ? <strong className="admin-timer__late"> {copy.list.timerLate}</strong> : null}
    </span>
  )
}
