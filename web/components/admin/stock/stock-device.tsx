/** One bought device's staff page: what and where it is, its moves, its erasures and its history. */
import { StaffPage } from '@/components/admin/staff-page'
import type { OrderCopy } from '@/content/types'
import type { DeviceErasureRow, StockEventRow } from '@/db/schema'
import { formatDateTime, isoDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { StockDeviceView } from '@/stock/stock-store'
import { erasureName, eventText, levelName, stateName } from '@/stock/stock-words'
import '@/styles/admin.css'
import { DeviceSource } from './device-source'
import { ErasureForm, MoveForm } from './stock-forms'

type Props = {
  copy: OrderCopy
  device: StockDeviceView
  events: StockEventRow[]
  erasures: DeviceErasureRow[]
  /** What the last form here did, in the content's words, or null. */
  done: string | null
}

/**
 * One bought device: what it is and where, the moves open to it now, its erasures (and the form
 * to type one), and its history, newest first.
 */
export function StockDevicePage({ copy, device, events, erasures, done }: Props) {
  const text = copy.stock
  const summaryTitle = copy.problems.summary
  const inStock = device.state === 'in-stock' || device.state === 'listed'
  const form = { id: device.id, number: device.number, state: device.state }
  return (
    <StaffPage
      back={{ href: '/admin/stock', label: text.heading }}
      heading={`${device.stockNumber}: ${device.device}`}
      headingClassName="admin-code"
    >
      {done ? (
        <p className="admin-notice" role="status">
          {done}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>{text.stateColumn}</dt>
        <dd>{stateName(text, device.state)}</dd>
        <dt>{text.locationColumn}</dt>
        <dd>{device.location ?? text.locationNone}</dd>
        <dt>{text.imeiColumn}</dt>
        <dd className="admin-code">{device.imei ?? text.noImei}</dd>
        <dt>{text.erasureColumn}</dt>
        <dd>{erasureName(text, device.erasure)}</dd>
        <dt>{text.orderColumn}</dt>
        <dd>
          <DeviceSource device={device} linked />
        </dd>
        {device.pricePaidPence === null ? null : (
          <>
            <dt>{text.pricePaid}</dt>
            <dd>{formatPence(device.pricePaidPence)}</dd>
          </>
        )}
        <dt>{text.takenIn}</dt>
        <dd>
          <time dateTime={isoDate(device.takenInAt)}>{formatDateTime(device.takenInAt)}</time>
        </dd>
      </dl>

      {inStock ? (
        <section aria-labelledby="stock-moves" className="admin-panel">
          <h2 id="stock-moves">{text.movesHeading}</h2>
          <MoveForm
            device={form}
            action="locate"
            fields={[{ name: 'location', label: text.locationLabel, short: true }]}
            button={text.locateButton}
            summaryTitle={summaryTitle}
          />
          {device.state === 'in-stock' ? (
            <MoveForm device={form} action="list" fields={[]} button={text.listButton} summaryTitle={summaryTitle} />
          ) : (
            <MoveForm
              device={form}
              action="unlist"
              fields={[]}
              button={text.unlistButton}
              summaryTitle={summaryTitle}
            />
          )}
          <MoveForm
            device={form}
            action="sell"
            heading={text.sellHeading}
            fields={[
              { name: 'buyer', label: text.buyerLabel },
              { name: 'price', label: text.priceLabel, short: true, inputMode: 'decimal' },
              { name: 'note', label: text.noteLabel },
            ]}
            button={text.sellButton}
            summaryTitle={summaryTitle}
          />
          <MoveForm
            device={form}
            action="refurbish"
            heading={text.refurbishHeading}
            fields={[
              { name: 'refurbisher', label: text.refurbisherLabel },
              { name: 'note', label: text.noteLabel },
            ]}
            button={text.refurbishButton}
            summaryTitle={summaryTitle}
          />
          <MoveForm
            device={form}
            action="recycle"
            heading={text.recycleHeading}
            fields={[
              { name: 'facility', label: text.facilityLabel },
              { name: 'wasteNote', label: text.wasteNoteLabel, short: true },
              { name: 'note', label: text.noteLabel },
            ]}
            button={text.recycleButton}
            summaryTitle={summaryTitle}
          />
        </section>
      ) : null}

      <section aria-labelledby="stock-erasures" className="admin-panel">
        <h2 id="stock-erasures">{text.erasuresHeading}</h2>
        {erasures.length ? (
          <ul>
            {erasures.map((erasure) => (
              <li key={erasure.id} data-erasure={erasure.result}>
                {fillTemplate(text.erasureLine, {
                  level: levelName(text, erasure.level),
                  technique: erasure.technique,
                  result: erasure.result === 'passed' ? text.resultPassed : text.resultFailed,
                  tool: `${erasure.tool} ${erasure.toolVersion}`,
                  operator: erasure.operator,
                  at: formatDateTime(erasure.erasedAt),
                  verification: erasure.verification,
                })}
              </li>
            ))}
          </ul>
        ) : (
          <p>{text.erasureNone}</p>
        )}
        {inStock ? <ErasureForm device={form} text={text} summaryTitle={summaryTitle} /> : null}
      </section>

      <section aria-labelledby="stock-history" className="admin-panel">
        <h2 id="stock-history">{text.historyHeading}</h2>
        <ol className="admin-history">
          {events.map((event) => (
            <li key={event.id}>
              <time dateTime={isoDate(event.at)}>{formatDateTime(event.at)}</time> {eventText(text, event)} ·{' '}
              {event.actor === 'system' ? text.system : event.actorName || text.someone}
              {event.note ? <> · {event.note}</> : null}
            </li>
          ))}
        </ol>
      </section>
    </StaffPage>
  )
}
