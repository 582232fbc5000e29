import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import type { WaitingRise } from '@/orders/moves/rise-store'
import '@/styles/admin.css'
import { statusName } from '@/components/admin/admin-words'
import { StaffPage } from '@/components/admin/staff-page'

/** The price rises waiting for a manager, oldest first, each linking the order where it is decided. */
export function RisesList({ copy, rises }: { copy: OrderCopy; rises: WaitingRise[] }) {
  const text = copy.rises
  return (
    <StaffPage back={{ href: '/admin', label: copy.figures.heading }} heading={text.listHeading}>
      {rises.length ? (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{copy.admin.referenceColumn}</th>
                <th scope="col">{copy.admin.statusColumn}</th>
                <th scope="col">{text.proposerColumn}</th>
                <th scope="col">{copy.admin.itemsColumn}</th>
                <th scope="col">{text.quotedColumn}</th>
                <th scope="col">{text.proposedColumn}</th>
                <th scope="col">{text.reasonColumn}</th>
              </tr>
            </thead>
            <tbody>
              {rises.flatMap((rise) =>
                rise.devices.map((device, index) => (
                  <tr key={`${rise.reference}-${index}`}>
                    <th scope="row">
                      <Link href={`/admin/orders/${rise.reference}#order-rise`}>{rise.reference}</Link>
                    </th>
                    <td>{statusName(copy, rise.status)}</td>
                    <td>
                      {rise.askedBy ? `${rise.askedBy.name ?? ''} ${formatDateTime(rise.askedBy.at)}`.trim() : ''}
                    </td>
                    <td>{device.device}</td>
                    <td>{formatPence(device.quotedPence)}</td>
                    <td>{formatPence(device.newPence)}</td>
                    <td>{device.reason ?? ''}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{text.listNone}</p>
      )}
    </StaffPage>
  )
}
