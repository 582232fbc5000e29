import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import type { OrderRecord } from '@/orders/store'

/** The devices: what the seller told us, what the check found, and any revised price with its reason. */
export function OrderItems({ order, copy }: { order: OrderRecord; copy: OrderCopy }) {
  const text = copy.admin
  const columns = copy.details
  return (
    <section aria-labelledby="order-items" className="admin-section">
      <h2 id="order-items">{columns.itemsHeading}</h2>
      <div className="admin-scroll">
        <table className="admin-table" aria-labelledby="order-items">
          <thead>
            <tr>
              <th scope="col">{columns.deviceColumn}</th>
              <th scope="col">{columns.conditionColumn}</th>
              <th scope="col">{text.gradeFound}</th>
              <th scope="col">{text.imei}</th>
              <th scope="col">{text.notes}</th>
              <th scope="col" className="admin-table__number">
                {columns.priceColumn}
              </th>
              <th scope="col" className="admin-table__number">
                {columns.revisedColumn}
              </th>
              <th scope="col">{columns.reasonLabel}</th>
              <th scope="col">{text.answerColumn}</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.device}</th>
                <td>{item.gradeName}</td>
                <td>{item.foundGradeName ?? ''}</td>
                <td className="admin-code">{item.imei ?? ''}</td>
                <td className="admin-table__notes">{item.checkNotes ?? ''}</td>
                <td className="admin-table__number">{formatPence(item.pricePence)}</td>
                <td className="admin-table__number">
                  {item.revisedPricePence === null ? '' : formatPence(item.revisedPricePence)}
                </td>
                <td className="admin-table__notes">{item.revisedReason ?? ''}</td>
                <td>
                  {item.offerAnswer === 'accept'
                    ? text.answerAccepted
                    : item.offerAnswer === 'decline'
                      ? text.answerDeclined
                      : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
