import { getOrderCopy } from '@/content/loaders'

/**
 * What each order status means, in the Orders document's words (the loaders write today's day
 * counts in). The fixed id lets a link open the list itself: /order-tracker#order-statuses.
 */
export async function OrderStatusesSection() {
  const copy = await getOrderCopy()
  return (
    <section id="order-statuses" className="section order-statuses" aria-labelledby="order-statuses-heading">
      <h2 id="order-statuses-heading">{copy.statusesHeading}</h2>
      <dl className="status-list">
        {copy.statuses.map((status) => (
          <div key={status._key} className="status-list__entry">
            <dt>{status.name}</dt>
            <dd>{status.explanation}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
