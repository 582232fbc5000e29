import { getOrderCopy, getPricingRules } from '@/content/loaders'
import { fillTemplate } from '@/lib/templates'

/**
 * What each order status means, in the Orders document's words, with today's day counts written
 * in. The fixed id lets a link open the list itself: /order-tracker#order-statuses.
 */
export async function OrderStatusesSection() {
  const [copy, rules] = await Promise.all([getOrderCopy(), getPricingRules()])
  const numbers = {
    holdDays: rules.priceHoldDays,
    offerDays: copy.timings.revisedOfferDays,
    quarantineDays: copy.timings.quarantineDays,
  }
  return (
    <section id="order-statuses" className="section order-statuses" aria-labelledby="order-statuses-heading">
      <h2 id="order-statuses-heading">{copy.statusesHeading}</h2>
      <dl className="status-list">
        {copy.statuses.map((status) => (
          <div key={status._key} className="status-list__entry">
            <dt>{status.name}</dt>
            <dd>{fillTemplate(status.explanation, numbers)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
