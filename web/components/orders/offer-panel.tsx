import { formatDateTime } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { acceptFreeOfferForm, acceptOfferForm } from '@/orders/manual-offers/accept-form'
import type { OfferOnPage } from '@/orders/manual-offers/accept'
import { orderProblemMessages } from '@/orders/checkout/problems'
import '@/styles/orders.css'
import { checkoutFields } from './checkout-panel'
import { OrderForm } from './order-form'
import type { OrderPanelProps } from './panel-props'
import { payeeQuestions } from './payee-questions'

/**
 * Checkout opened from a staff offer's link: the device and the price we offered in place of a
 * basket, and checkout's own form (its fields and rules), whose sending accepts the offer. The
 * link goes with the form; the server reads the offer again and takes nothing else from it. A free
 * recycling offer names no price and asks no payout details: its form is the free one.
 */
export function OfferPanel({
  copy,
  visitor,
  offer,
  token,
}: OrderPanelProps & { offer: OfferOnPage | null; token: string }) {
  const text = copy.checkout
  if (!offer) {
    return (
      <p className="notice notice--problem" role="alert" data-problem="offerUnavailable">
        {text.offerUnavailable}
      </p>
    )
  }
  return (
    <div className="checkout" id="checkout">
      <div className="table-scroll" role="region" aria-labelledby="offer-caption" tabIndex={0}>
        <table className="order-table">
          <caption id="offer-caption">{text.offerHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{text.deviceColumn}</th>
              <th scope="col">{text.conditionColumn}</th>
              <th scope="col" className="order-table__money">
                {text.priceColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{offer.model}</th>
              <td>{text.offerCondition}</td>
              <td className="order-table__money">{offer.recycle ? text.offerFree : formatPence(offer.pricePence)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        {fillTemplate(offer.recycle ? text.offerFreeNote : text.offerNote, { until: formatDateTime(offer.expiresAt) })}
      </p>
      <OrderForm
        action={offer.recycle ? acceptFreeOfferForm : acceptOfferForm}
        rules={offer.recycle ? 'freeCheckout' : 'checkout'}
        fields={checkoutFields(
          copy,
          { name: visitor?.user.name ?? offer.name, email: visitor?.user.email ?? offer.email },
          offer.recycle ? 'none' : 'asked',
        )}
        hidden={{ offer: token }}
        submitLabel={text.submit}
        messages={orderProblemMessages(copy)}
        summaryTitle={copy.problems.summary}
        questions={payeeQuestions(copy)}
      />
    </div>
  )
}
