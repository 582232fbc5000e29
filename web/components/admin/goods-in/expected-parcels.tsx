import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime, formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { parcelStage } from '@/carrier/tracking-events'
import type { AstrayParcel } from '@/orders/parcels/astray'
import type { ExpectedParcel } from '@/orders/parcels/parcels'
import { startOfLondonDay } from '@/orders/record/working-days'
import '@/styles/admin.css'
import '@/styles/goods-in.css'
import { StaffPage } from '@/components/admin/staff-page'

type Props = { copy: OrderCopy; today: ExpectedParcel[]; tomorrow: ExpectedParcel[]; astray: AstrayParcel[] }

/**
 * The parcels goods-in plans by: those the carrier expects to deliver today (or expected before,
 * and late) and tomorrow, each with its order, its tracking number and the carrier's last scan; and
 * those astray (no scan for the days the Orders document sets), each with when it was found so.
 */
export function ExpectedParcels({ copy, today, tomorrow, astray }: Props) {
  const text = copy.goodsIn
  return (
    <StaffPage
      className="goods-in"
      back={{ href: '/admin/goods-in', label: text.heading }}
      heading={text.expectedHeading}
      intro={text.expectedIntro}
    >
      <ParcelList
        id="expected-today"
        heading={fillTemplate(text.expectedToday, { count: today.length })}
        parcels={today}
        copy={copy}
      />
      <ParcelList
        id="expected-tomorrow"
        heading={fillTemplate(text.expectedTomorrow, { count: tomorrow.length })}
        parcels={tomorrow}
        copy={copy}
      />
      <AstrayList parcels={astray} copy={copy} />
    </StaffPage>
  )
}

function AstrayList({ parcels, copy }: { parcels: AstrayParcel[]; copy: OrderCopy }) {
  const text = copy.goodsIn
  return (
    <section aria-labelledby="astray-heading">
      <h2 id="astray-heading">{fillTemplate(text.astrayHeading, { count: parcels.length })}</h2>
      <p>{text.astrayIntro}</p>
      {parcels.length ? (
        <div className="admin-scroll" tabIndex={0} role="region" aria-labelledby="astray-heading">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{copy.admin.referenceColumn}</th>
                <th scope="col">{text.trackingColumn}</th>
                <th scope="col">{text.lastScanColumn}</th>
                <th scope="col">{text.astraySinceColumn}</th>
              </tr>
            </thead>
            <tbody>
              {parcels.map((parcel) => (
                <tr key={parcel.trackingNumber}>
                  <th scope="row">
                    <Link href={`/admin/orders/${parcel.reference}`}>{parcel.reference}</Link>
                  </th>
                  <td className="admin-code">{parcel.trackingNumber}</td>
                  <td>{lastScan(copy, parcel)}</td>
                  <td>{formatDateTime(parcel.astrayAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{text.astrayNone}</p>
      )}
    </section>
  )
}

/** The carrier's last scan in the words of the seller's page, and when; empty when it has none the page names. */
function lastScan(copy: OrderCopy, parcel: Pick<ExpectedParcel, 'lastEventCode' | 'lastEventAt'>): string {
  const scanWords = {
    accepted: copy.details.parcelAccepted,
    inTransit: copy.details.parcelInTransit,
    delivered: copy.details.parcelDelivered,
  }
  const stage = parcel.lastEventCode ? parcelStage(parcel.lastEventCode) : null
  if (!stage || !parcel.lastEventAt) return ''
  return `${scanWords[stage]}, ${formatDateTime(parcel.lastEventAt)}`
}

function ParcelList({
  id,
  heading,
  parcels,
  copy,
}: {
  id: string
  heading: string
  parcels: ExpectedParcel[]
  copy: OrderCopy
}) {
  const text = copy.goodsIn
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {parcels.length ? (
        <div className="admin-scroll" tabIndex={0} role="region" aria-labelledby={`${id}-heading`}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{copy.admin.referenceColumn}</th>
                <th scope="col">{text.trackingColumn}</th>
                <th scope="col">{text.expectedColumn}</th>
                <th scope="col">{text.lastScanColumn}</th>
              </tr>
            </thead>
            <tbody>
              {parcels.map((parcel) => (
                <tr key={parcel.trackingNumber}>
                  <th scope="row">
                    <Link href={`/admin/orders/${parcel.reference}`}>{parcel.reference}</Link>
                  </th>
                  <td className="admin-code">{parcel.trackingNumber}</td>
                  <td>{formatLongDate(startOfLondonDay(parcel.expectedOn))}</td>
                  <td>{lastScan(copy, parcel)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{text.expectedNone}</p>
      )}
    </section>
  )
}
