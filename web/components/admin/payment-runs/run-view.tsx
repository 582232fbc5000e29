import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { formatPenceExact as formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { RECHECK_FIELD } from '@/orders/moves/admin-input'
import type { RunDetail } from '@/orders/payment-runs/run-reads'
import '@/styles/admin.css'
import { RecheckField } from '@/components/admin/recheck-field'
import { MarkFailedForm, MarkPaidForm } from './run-forms'
import { StaffPage } from '@/components/admin/staff-page'

type Props = {
  copy: OrderCopy
  run: RunDetail
  /** What the last post said: the run made (and how many were left out), marked, or a download refused. */
  notice: { done?: string; skipped?: number; downloadProblem?: string }
  recheckNeeded: boolean
}

const problemWords = (text: OrderCopy['admin'], code: string) =>
  code === 'recheckWrong' ? text.recheckWrong : code === 'recheckTooMany' ? text.recheckTooMany : null

/**
 * One payment run: the count, total and file fingerprint to compare with the bank's import screen,
 * the file's download (a manager's post with a fresh re-check), who downloaded it, and each payment
 * with its state, to mark the run paid or one payment failed.
 */
export function RunView({ copy, run, notice, recheckNeeded }: Props) {
  const text = copy.admin.payments
  const done =
    notice.done === 'made'
      ? text.made
      : notice.done === 'paid'
        ? text.markedPaid
        : notice.done === 'failed'
          ? text.markedFailed
          : null
  const downloadError = notice.downloadProblem ? problemWords(copy.admin, notice.downloadProblem) : null
  const pending = run.lines.some((line) => line.state === 'pending')
  return (
    <StaffPage
      back={{ href: '/admin/payments', label: text.backToRuns }}
      heading={fillTemplate(text.runHeading, { reference: run.reference })}
    >
      {done ? (
        <p className="admin-notice" role="status">
          {done}
        </p>
      ) : null}
      {notice.skipped ? (
        <p className="admin-notice" role="status" data-skipped={notice.skipped}>
          {fillTemplate(text.skipped, { count: String(notice.skipped) })}
        </p>
      ) : null}
      <p>{text.compareHelp}</p>
      <dl className="admin-facts">
        <dt>{text.countColumn}</dt>
        <dd data-run-count>{run.orderCount}</dd>
        <dt>{text.totalColumn}</dt>
        <dd data-run-total>{formatPence(run.totalPence)}</dd>
        <dt>{text.formatLabel}</dt>
        <dd>{text.formatName}</dd>
        <dt>{text.shaLabel}</dt>
        <dd>
          <code data-run-sha>{run.fileSha256}</code>
        </dd>
        <dt>{text.madeColumn}</dt>
        <dd>
          {formatDateTime(run.createdAt)}, {run.createdByName}
        </dd>
      </dl>
      <section id="download" aria-labelledby="download-heading">
        <h2 id="download-heading">{text.downloadsHeading}</h2>
        {run.fileHeld ? (
          <form method="post" action={`/admin/payments/${run.id}/file`} className="admin-download">
            {recheckNeeded || downloadError || notice.downloadProblem === 'recheckNeeded' ? (
              <RecheckField text={copy.admin} id={RECHECK_FIELD} error={downloadError} />
            ) : null}
            <button type="submit" className="button button--primary">
              {text.downloadButton}
            </button>
          </form>
        ) : (
          <p>{text.fileDeleted}</p>
        )}
        {run.downloads.length ? (
          <ul>
            {run.downloads.map((download, index) => (
              <li key={index}>
                {fillTemplate(text.downloadEntry, { name: download.name, date: formatDateTime(download.at) })}
              </li>
            ))}
          </ul>
        ) : (
          <p>{text.noDownloads}</p>
        )}
      </section>
      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">{text.linesHeading}</h2>
        <MarkPaidForm runId={run.id} text={text} waiting={pending} />
        <div className="admin-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">{text.linesHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{text.orderColumn}</th>
                <th scope="col">{text.payeeColumn}</th>
                <th scope="col">{text.amountColumn}</th>
                <th scope="col">{text.lineStateColumn}</th>
              </tr>
            </thead>
            <tbody>
              {run.lines.map((line) => (
                <tr key={line.id} data-line={line.reference}>
                  <th scope="row">
                    <Link href={`/admin/orders/${line.reference}`}>{line.reference}</Link>
                  </th>
                  <td>{line.name ?? copy.admin.sellerRemoved}</td>
                  <td>{formatPence(line.amountPence)}</td>
                  <td>
                    {line.state === 'pending' ? (
                      <>
                        {text.linePending}
                        {/* Folded away: a run of many payments stays one screen, without scripts too. */}
                        <details className="admin-mark-failed-toggle">
                          <summary>{text.markFailedButton}</summary>
                          <MarkFailedForm runId={run.id} lineId={line.id} reference={line.reference} text={text} />
                        </details>
                      </>
                    ) : line.state === 'paid' ? (
                      text.linePaid
                    ) : (
                      fillTemplate(text.lineFailed, { reason: line.failureReason ?? '' })
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </StaffPage>
  )
}
