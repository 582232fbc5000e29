import type { SiteSettings } from '@/content/types'
import { code128Svg } from '@/lib/barcode'
import { formatLongDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { freepostAddress } from '@/orders/checkout/label-content'
import { tokenPath } from '@/orders/record/order-token'
import type { OrderRecord } from '@/orders/record/store'
import '@/styles/orders.css'
import type { OrderPanelProps } from './panel-props'
import { BasketPlaced } from '../basket/basket-placed'
import { PrintButton } from './print-button'

/**
 * The receipt after checkout, opened by the signed link the checkout sent the seller to: the
 * reference, how long the price is held, and a free-post label and packing slip to print, each
 * with the reference as a barcode drawn on the server.
 */
export function ConfirmationPanel({
  copy,
  query,
  order,
  settings,
}: OrderPanelProps & { order: OrderRecord | null; settings: SiteSettings }) {
  const text = copy.confirmation
  if (!order) return <p>{text.noOrder}</p>
  const barcode = code128Svg(order.reference, { height: 64 })
  const trackHref = tokenPath(query.order!)
  return (
    <div className="receipt">
      <BasketPlaced />
      <div className="receipt__summary">
        <h2>{text.heading}</h2>
        <p className="receipt__reference">
          {text.referenceLabel}: <strong>{order.reference}</strong>
        </p>
        {order.email ? <p>{fillTemplate(text.emailSent, { yourEmail: order.email })}</p> : null}
        <p>{fillTemplate(text.holdUntil, { date: formatLongDate(order.holdUntil) })}</p>
        {order.postagePack ? <p className="receipt__pack">{text.postagePackNote}</p> : null}
        <p className="receipt__actions">
          <PrintButton label={text.printButton} />
          <a href={tokenPath(query.order!, 'label')}>{text.labelPdfLink}</a>
          <a href={trackHref}>{text.trackLink.label}</a>
        </p>
      </div>

      <section className="postage-label" aria-labelledby="label-heading">
        <h2 id="label-heading">{text.labelHeading}</h2>
        <p className="no-print">{text.labelInstructions}</p>
        <div className="postage-label__card">
          <p className="postage-label__address">{freepostAddress(copy, settings.postalAddress).join('\n')}</p>
          <span className="barcode" dangerouslySetInnerHTML={{ __html: barcode }} />
          <p className="postage-label__reference">{order.reference}</p>
        </div>
      </section>

      <section className="packing-slip" aria-labelledby="slip-heading">
        <h2 id="slip-heading">{text.slipHeading}</h2>
        <p className="no-print">{text.slipInstructions}</p>
        <div className="packing-slip__card">
          <p className="packing-slip__reference">
            {order.reference}
            <span className="barcode" dangerouslySetInnerHTML={{ __html: barcode }} />
          </p>
          {order.name ? <p>{order.name}</p> : null}
          <ul>
            {order.items.map((item) => (
              <li key={item.id}>
                {item.device}, {item.gradeName}: {formatPence(item.pricePence)}
              </li>
            ))}
          </ul>
          <p>
            {copy.details.totalLabel}: <strong>{formatPence(order.totalPence)}</strong>
          </p>
        </div>
      </section>
    </div>
  )
}
