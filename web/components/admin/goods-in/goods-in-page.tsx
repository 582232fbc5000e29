import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { ScanView, SessionCounts } from '@/orders/goods-in/goods-in-store'
import { BULK_MAX } from '@/orders/goods-in/goods-in-rules'
import '@/styles/admin.css'
import '@/styles/goods-in.css'
import { GoodsInBulkForm } from './goods-in-bulk-form'
import { GoodsInScanForm } from './goods-in-scan-form'
import { StaffPage } from '@/components/admin/staff-page'

type GoodsInCopy = OrderCopy['goodsIn']

type Props = {
  copy: OrderCopy
  sessionId: string | null
  scanKey: string
  scans: ScanView[]
  counts: SessionCounts
  /** The scan this page answers (its id in the address), or none. */
  answered: ScanView | null
  /** How many codes a paste just handled, or null. */
  bulk: number | null
  unmatchedCount: number
}

/** What a scan did, in the content's words: said after the scan, and in the session's list. */
export function scanSentence(text: GoodsInCopy, scan: ScanView): string {
  if (scan.result === 'received') return fillTemplate(text.received, { reference: scan.reference ?? scan.code })
  if (scan.result === 'unmatched') return fillTemplate(text.unmatched, { code: scan.code })
  return fillTemplate(text.already, {
    reference: scan.reference ?? scan.code,
    who: scan.receivedBy || text.someone,
    at: scan.receivedAt ? formatDateTime(scan.receivedAt) : '',
  })
}

function resultLabel(text: GoodsInCopy, scan: ScanView): string {
  if (scan.result === 'received') return text.resultReceived
  if (scan.result === 'unmatched') return text.resultUnmatched
  return fillTemplate(text.resultAlready, {
    who: scan.receivedBy || text.someone,
    at: scan.receivedAt ? formatDateTime(scan.receivedAt) : '',
  })
}

/**
 * The goods-in bench: the one field a scanner types into, many codes at once, and this session's
 * scans, newest first (the newest few, with a link to all), with how many were received, received
 * before and unmatched.
 */
export function GoodsInPage({ copy, sessionId, scanKey, scans, counts, answered, bulk, unmatchedCount }: Props) {
  const text = copy.goodsIn
  // The list may hold only the newest scans (SESSION_SCANS_SHOWN); the counts cover them all.
  const total = counts.received + counts.already + counts.unmatched
  const result = answered
    ? scanSentence(text, answered)
    : bulk !== null
      ? fillTemplate(text.bulkDone, { count: bulk })
      : ''
  return (
    <StaffPage
      className="goods-in"
      back={{ href: '/admin', label: copy.figures.heading }}
      heading={text.heading}
      intro={text.intro}
    >
      <GoodsInScanForm
        words={{
          codeLabel: text.codeLabel,
          codeHint: text.codeHint,
          scanButton: text.scanButton,
          cameraButton: text.cameraButton,
          cameraStop: text.cameraStop,
          cameraLabel: text.cameraLabel,
          cameraFailed: text.cameraFailed,
        }}
        sessionId={sessionId}
        scanKey={scanKey}
        result={result}
      />
      <ul className="admin-links">
        <li>
          <Link href="/admin/goods-in/unmatched">{fillTemplate(text.unmatchedLink, { count: unmatchedCount })}</Link>
        </li>
        <li>
          <Link href="/admin/goods-in/expected">{text.expectedLink}</Link>
        </li>
        <li>
          <Link href="/admin/goods-in">{text.newSession}</Link>
        </li>
      </ul>
      <section aria-labelledby="goods-in-session-heading">
        <h2 id="goods-in-session-heading">{text.sessionHeading}</h2>
        <ul className="goods-in-counts">
          <li data-count="received">{fillTemplate(text.countReceived, { count: counts.received })}</li>
          <li data-count="already">{fillTemplate(text.countAlready, { count: counts.already })}</li>
          <li data-count="unmatched">{fillTemplate(text.countUnmatched, { count: counts.unmatched })}</li>
        </ul>
        {sessionId && scans.length < total ? (
          <p className="goods-in-shown">
            {fillTemplate(text.scansShown, { shown: scans.length, total })}{' '}
            <Link href={`/admin/goods-in?${new URLSearchParams({ session: sessionId, all: '1' })}`}>
              {fillTemplate(text.allScansLink, { total })}
            </Link>
          </p>
        ) : null}
        {scans.length ? (
          <div className="admin-scroll" tabIndex={0} role="region" aria-labelledby="goods-in-session-heading">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{text.codeColumn}</th>
                  <th scope="col">{copy.admin.referenceColumn}</th>
                  <th scope="col">{text.resultColumn}</th>
                  <th scope="col">{text.timeColumn}</th>
                </tr>
              </thead>
              <tbody>
                {scans.map((scan) => (
                  <tr key={scan.id} data-result={scan.result}>
                    <th scope="row" className="admin-code">
                      {scan.code}
                    </th>
                    <td>
                      {scan.reference ? <Link href={`/admin/orders/${scan.reference}`}>{scan.reference}</Link> : null}
                    </td>
                    <td>{resultLabel(text, scan)}</td>
                    <td>{formatDateTime(scan.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="admin-empty">{text.noScans}</p>
        )}
      </section>
      <GoodsInBulkForm
        words={{
          bulkHeading: text.bulkHeading,
          bulkLabel: text.bulkLabel,
          bulkHint: fillTemplate(text.bulkHint, { max: BULK_MAX }),
          bulkButton: text.bulkButton,
        }}
        sessionId={sessionId}
        scanKey={scanKey}
      />
    </StaffPage>
  )
}
