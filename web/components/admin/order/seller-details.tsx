import { Fragment } from 'react'
import type { OrderCopy } from '@/content/types'
import type { OrderRecord } from '@/orders/record/store'

/** Who sold the order and where a return goes; a note once the details are removed (erased, or past their time). */
export function SellerDetails({ order, copy }: { order: OrderRecord; copy: OrderCopy }) {
  const labels = copy.checkout
  const rows = [
    { label: labels.name, value: order.name },
    { label: labels.email, value: order.email, href: order.email ? `mailto:${order.email}` : null },
    { label: labels.phone, value: order.phone, href: order.phone ? `tel:${order.phone.replace(/\s/g, '')}` : null },
    { label: labels.addressLine1, value: order.addressLine1 },
    { label: labels.addressLine2, value: order.addressLine2 },
    { label: labels.town, value: order.town },
    { label: labels.postcode, value: order.postcode },
  ].filter((row) => row.value)
  return (
    <section aria-labelledby="order-seller" className="admin-section">
      <h2 id="order-seller">{copy.admin.sellerHeading}</h2>
      {rows.length ? (
        <dl className="admin-facts">
          {rows.map((row) => (
            <Fragment key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p>{copy.admin.sellerRemoved}</p>
      )}
    </section>
  )
}
