import Link from 'next/link'
import type { ContactInboxCopy } from '@/content/types'
import type { ContactListRow } from '@/contact/store'
import { CONTACT_STATUSES, contactMessagePath } from '@/contact/statuses'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import '@/styles/admin.css'
import { ListFilter } from './list-filter'
import { contactStatusName } from './message-words'
import { StaffPage } from './staff-page'

type Props = {
  copy: ContactInboxCopy
  messages: ContactListRow[]
  filter: { status: string; search: string }
}

/** The contact form's messages for staff, newest first: a filter by status, a search, each one to open. */
export function MessagesList({ copy, messages, filter }: Props) {
  const text = copy.list
  return (
    <StaffPage
      back={{ href: '/admin/orders', label: text.backToOrders }}
      heading={text.heading}
      intro={fillTemplate(text.retentionNote, { days: copy.retentionDays })}
    >
      <ListFilter
        action="/admin/messages"
        idPrefix="messages"
        words={text}
        statuses={CONTACT_STATUSES.map((status) => ({ value: status, label: copy.statuses[status] }))}
        filter={filter}
      />
      <MessagesTable copy={copy} messages={messages} />
    </StaffPage>
  )
}

function MessagesTable({ copy, messages }: Omit<Props, 'filter'>) {
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
