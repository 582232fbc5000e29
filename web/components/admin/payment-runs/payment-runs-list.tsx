import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { formatPenceExact as formatPence } from '@/lib/money'
import type { RunSummary } from '@/orders/payment-runs/run-reads'
import '@/styles/admin.css'
import { StaffPage } from '@/components/admin/staff-page'

type Props = { copy: OrderCopy; runs: RunSummary[] }

/** The payment runs for managers, newest first, each to open; and the link to make one. */
export function PaymentRunsList({ copy, runs }: Props) {
  const text = copy.admin.payments
  return (
    <StaffPage back={{ href: '/admin/orders', label: copy.admin.backToList }} heading={text.heading}>
      <p>
        <Link href="/admin/payments/new" className="button button--primary">
          {text.newRun}
        </Link>
      </p>
      {runs.length ? (
        <div className="admin-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">{text.heading}</caption>
            <thead>
              <tr>
                <th scope="col">{text.runColumn}</th>
                <th scope="col">{text.madeColumn}</th>
                <th scope="col">{text.byColumn}</th>
                <th scope="col">{text.countColumn}</th>
                <th scope="col">{text.totalColumn}</th>
                <th scope="col">{text.stateColumn}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <th scope="row">
                    <Link href={`/admin/payments/${run.id}`}>{run.reference}</Link>
                  </th>
                  <td>{formatDateTime(run.createdAt)}</td>
                  <td>{run.createdByName}</td>
                  <td>{run.orderCount}</td>
                  <td>{formatPence(run.totalPence)}</td>
                  <td>{run.state === 'settled' ? text.stateSettled : text.stateOpen}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{text.noRuns}</p>
      )}
    </StaffPage>
  )
}
