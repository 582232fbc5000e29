import type { OrderPanelProps } from './panel-props'
import { orderProblemMessages } from '@/orders/checkout/problems'
import { trackOrder } from '@/orders/checkout/form-actions'
import '@/styles/orders.css'
import { OrderForm } from './order-form'

/** The tracker's form: the order's reference and its e-mail address or postcode. */
export function TrackerPanel({ copy }: OrderPanelProps) {
  const text = copy.tracker
  return (
    <div id="tracker" className="tracker">
      <OrderForm
        action={trackOrder}
        rules="tracker"
        fields={[
          { name: 'reference', label: text.reference, type: 'text', hint: text.referenceHint, short: true },
          { name: 'lookup', label: text.lookup, type: 'text', hint: text.lookupHint, autoComplete: 'email' },
        ]}
        submitLabel={text.submit}
        messages={orderProblemMessages(copy)}
        summaryTitle={copy.problems.summary}
      />
    </div>
  )
}
