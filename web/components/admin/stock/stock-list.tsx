/** The stock page: a search, the devices in one state a page at a time, and the report import. */
import Link from 'next/link'
import { StaffPage } from '@/components/admin/staff-page'
import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { StockDeviceView, StockState } from '@/stock/stock-store'
import { STATES } from '@/stock/stock-input'
import { erasureName, stateName } from '@/stock/stock-words'
import '@/styles/admin.css'
import { DeviceSource } from './device-source'

type Props = {
  copy: OrderCopy
  /** What was typed into the search, or '' for the list of one state. */
  query: string
  state: StockState
  devices: StockDeviceView[]
  /** The next page's address, or null on the last. */
  next: string | null
  /** An import's outcome, in the content's words: done, or refused. */
  notice: { text: string; problem: boolean } | null
  /** A manager's page links the records for the police and the accountant. */
  records: boolean
}

/**
 * The stock: a search by stock number, IMEI or order, the devices in one state (newest first, a
 * page at a time), and the form that imports an erasure tool's report. Plain GET forms and a
 * multipart post: all of it works with scripts off.
 */
export function StockList({ copy, query, state, devices, next, notice, records }: Props) {
  const text = copy.stock
  return (
    <StaffPage back={{ href: '/admin', label: copy.figures.heading }} heading={text.heading} intro={text.intro}>
      {notice ? (
        <p
          className={notice.problem ? 'admin-notice admin-notice--problem' : 'admin-notice'}
          role={notice.problem ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      ) : null}
      {records ? (
        <p>
          <Link href="/admin/stock/records">{copy.records.heading}</Link>
        </p>
      ) : null}
      <form method="get" action="/admin/stock" className="admin-filters" role="search">
        <div className="field field--code">
          <label htmlFor="stock-find">{text.findLabel}</label>
          <input id="stock-find" name="q" type="search" defaultValue={query} autoComplete="off" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="stock-state">{text.stateFilter}</label>
          <select id="stock-state" name="state" defaultValue={state}>
            {STATES.map((known) => (
              <option key={known} value={known}>
                {stateName(text, known)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {text.findButton}
        </button>
      </form>

      {devices.length ? (
        <div className="admin-scroll" tabIndex={0} role="group" aria-label={text.heading}>
          <table className="admin-table">
            <caption className="visually-hidden">{query ? text.heading : stateName(text, state)}</caption>
            <thead>
              <tr>
                <th scope="col">{text.numberColumn}</th>
                <th scope="col">{text.deviceColumn}</th>
                <th scope="col">{text.imeiColumn}</th>
                <th scope="col">{text.orderColumn}</th>
                <th scope="col">{text.stateColumn}</th>
                <th scope="col">{text.locationColumn}</th>
                <th scope="col">{text.erasureColumn}</th>
              </tr>
            </thead>
            <tbody>
              {devices.map((device) => (
                <tr key={device.id}>
                  <th scope="row">
                    <a className="admin-reference" href={`/admin/stock/${device.number}`}>
                      {device.stockNumber}
                    </a>
                  </th>
                  <td>{device.device}</td>
                  <td className="admin-code">{device.imei ?? text.noImei}</td>
                  <td>
                    <DeviceSource device={device} />
                  </td>
                  <td>{stateName(text, device.state)}</td>
                  <td>{device.location ?? text.locationNone}</td>
                  <td>{erasureName(text, device.erasure)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{query ? fillTemplate(text.foundNone, { code: query }) : text.listNone}</p>
      )}
      {next ? (
        <p>
          <Link href={next} rel="next">
            {copy.queue.nextPage}
          </Link>
        </p>
      ) : null}

      <form
        className="admin-action-form"
        method="post"
        encType="multipart/form-data"
        action="/api/stock/erasure-reports"
        aria-labelledby="stock-import-heading"
      >
        <h2 id="stock-import-heading">{text.importHeading}</h2>
        <div className="field">
          <label htmlFor="stock-report">{text.importLabel}</label>
          <input id="stock-report" type="file" name="report" accept=".json,.xml,application/json,text/xml" />
        </div>
        <button type="submit" className="button button--primary">
          {text.importButton}
        </button>
      </form>
    </StaffPage>
  )
}
