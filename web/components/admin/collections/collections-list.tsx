import Link from 'next/link'
import type { ContactInboxCopy } from '@/content/types'
import type { CollectionListRow } from '@/collections/store'
import { collectionRequestPath } from '@/collections/statuses'
import { formatDateTime, isoDate } from '@/lib/dates'
import '@/styles/admin.css'
import { StaffPage } from '@/components/admin/staff-page'
import { collectionStatusName } from './collection-words'

type Props = {
  copy: ContactInboxCopy['collections']
  /** Each with where it stands against the quote's working days (null: sent, or closed). */
  requests: Array<CollectionListRow & { quote: 'due' | 'late' | null }>
}

/** Business collection requests for staff, newest first, each to open. */
export function CollectionsList({ copy, requests }: Props) {
  return (
    <StaffPage back={{ href: '/admin/messages', label: copy.backToMessages }} heading={copy.heading} intro={copy.intro}>
      {requests.length ? (
        <div className="admin-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">{copy.heading}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.organisationColumn}</th>
                <th scope="col">{copy.receivedColumn}</th>
                <th scope="col">{copy.contactColumn}</th>
                <th scope="col">{copy.devicesColumn}</th>
                <th scope="col">{copy.postcodeColumn}</th>
                <th scope="col">{copy.statusColumn}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={request.id}>
                  <th scope="row">
                    <Link href={collectionRequestPath(request.id)}>{request.organisation}</Link>
                  </th>
                  <td>
                    <time dateTime={isoDate(request.createdAt)}>{formatDateTime(request.createdAt)}</time>
                  </td>
                  <td>{request.contactName || copy.contactRemovedValue}</td>
                  <td>{request.deviceCount}</td>
                  <td>{request.postcode}</td>
                  <td>
                    {collectionStatusName(copy, request.status)}
                    {request.quote ? (
                      <span
                        className={request.quote === 'late' ? 'admin-timer admin-timer--late' : 'admin-timer'}
                        data-quote={request.quote}
                      >
                        {' '}
                        {request.quote === 'late' ? copy.quoteLate : copy.quoteDue}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{copy.empty}</p>
      )}
    </StaffPage>
  )
}
