import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { BasketView } from '@/basket/types'
import { orderProblemMessages } from '@/orders/checkout/problems'
import { CHECKOUT_FORM, FREE_CHECKOUT_FORM } from '@/orders/checkout/checkout-validation'
import { DEFAULT_PAYOUT_METHOD } from '@/payouts/methods'
import { checkout } from '@/orders/checkout/form-actions'
import '@/styles/orders.css'
import { OrderForm } from './order-form'
import { payeeQuestions } from './payee-questions'
import { type FormField } from '../forms/page-form'
import { formField, payoutChoiceFields, type CheckoutField } from './payout-choice'
import { ContentLink } from '../ui/content-link'
import type { OrderPanelProps } from './panel-props'

/**
 * Checkout: what is being sold at today's prices, and the form that places it. The form carries
 * a fresh one-time key (a double click or a retry makes one order) and the prices it showed (if
 * they change before it is sent, the seller is shown the new ones and asked again).
 */
export function CheckoutPanel({
  copy,
  visitor,
  basket,
  hidden,
}: OrderPanelProps & {
  /** The visitor's basket at today's prices, or null when the store cannot be reached: then the form
   * is drawn without it, so that what was typed and the one-time key survive for a retry. */
  basket: BasketView | null
  /** The one-time key and the prices the form was shown with. */
  hidden: Record<string, string>
}) {
  const text = copy.checkout
  const messages = orderProblemMessages(copy)
  if (basket?.count === 0) {
    return (
      <div className="checkout-empty">
        <p>{text.emptyBasket}</p>
        <p>
          <ContentLink link={text.emptyBasketLink} className="button button--primary" />
        </p>
      </div>
    )
  }
  return (
    <div className="checkout" id="checkout">
      {basket ? (
        <OrderSummary basket={basket} copy={copy} />
      ) : (
        // The form stays, with what was typed and the key it was sent with: sending it again is the retry.
        <p className="notice notice--problem" role="alert" data-problem="unavailable">
          {messages.unavailable}
        </p>
      )}
      <p>{text.holdNote}</p>
      {visitor ? (
        <p>{fillTemplate(text.signedInNote, { name: visitor.user.name })}</p>
      ) : (
        <p>
          <ContentLink link={text.loginPrompt} />
        </p>
      )}
      <OrderForm
        action={checkout}
        rules="checkout"
        fields={checkoutFields(copy, { name: visitor?.user.name, email: visitor?.user.email })}
        hidden={hidden}
        submitLabel={text.submit}
        messages={messages}
        summaryTitle={copy.problems.summary}
        questions={payeeQuestions(copy)}
        // New prices are news, not a mistake: said above the form, which is drawn again with them.
        notices={{
          // Said once, above, when the basket could not be read either.
          ...(basket ? {} : { unavailable: null }),
          pricesChanged: (
            <div className="notice notice--panel" role="status">
              <h2>{text.pricesChangedHeading}</h2>
              <p>{text.pricesChanged}</p>
            </div>
          ),
        }}
      />
    </div>
  )
}

export function OrderSummary({ basket, copy }: { basket: BasketView; copy: OrderCopy }) {
  const text = copy.checkout
  return (
    // The same table as the order page's: reachable by keyboard when it scrolls on a phone.
    <div className="table-scroll" role="region" aria-labelledby="order-summary-caption" tabIndex={0}>
      <table className="order-table">
        <caption id="order-summary-caption">{text.summaryHeading}</caption>
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
          {basket.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.device}
                {line.quantity > 1 ? ` × ${line.quantity}` : null}
              </th>
              <td>{line.gradeName}</td>
              <td className="order-table__money">{formatPence(line.lineTotalPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {text.totalLabel}
            </th>
            <td className="order-table__money">{formatPence(basket.totalPence)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

/**
 * The form's fields as the checkout's field list shows them, in the content's words, filled with
 * `typed` (the account's name and e-mail); in the middle, the choice of how to be paid and each
 * method's fields. The rules stay behind: the form's scripts have their own.
 */
export function checkoutFields(
  copy: OrderCopy,
  typed: Record<string, string | undefined>,
  payout: 'asked' | 'none' = 'asked',
): FormField[] {
  const words = copy.checkout
  const shown = (list: readonly CheckoutField[]) =>
    list.map((field) => ({ ...formField(words, field), defaultValue: typed[field.name] || undefined }))
  // A free recycling order is never paid: its form asks no payout details.
  if (payout === 'none') return [...shown(FREE_CHECKOUT_FORM.before), ...shown(FREE_CHECKOUT_FORM.after)]
  return [
    ...shown(CHECKOUT_FORM.before),
    ...payoutChoiceFields(words, DEFAULT_PAYOUT_METHOD.id),
    ...shown(CHECKOUT_FORM.after),
  ]
}
