import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { OrderRecord } from '@/orders/record/store'
import { cautionCleared } from '@/register/passed'
import { receivedLate } from '@/orders/moves/late-values'

type Item = OrderRecord['items'][number]

/** What the stolen-device register said about a device, its certificate and when (a caution cleared, so); nothing before the check. */
function RegisterResult({ item, text, cleared }: { item: Item; text: OrderCopy['admin']; cleared: string }) {
  const words: Record<string, string> = {
    pass: text.registerPass,
    caution: text.registerCaution,
    fail: text.registerFail,
    waiting: text.registerWaiting,
  }
  if (!item.registerResult) return null
  return (
    <>
      <strong className={`admin-register admin-register--${item.registerResult}`}>{words[item.registerResult]}</strong>
      {cautionCleared(item) ? <strong className="admin-register admin-register--pass">{cleared}</strong> : null}
      {item.registerCertificate && item.registerCheckedAt ? (
        <span className="admin-register__certificate">
          {fillTemplate(text.registerCertificate, {
            certificate: item.registerCertificate,
            date: formatDateTime(item.registerCheckedAt),
          })}
        </span>
      ) : null}
    </>
  )
}

/** The devices: what the seller told us, what the check found, and any revised price with its reason. */
export function OrderItems({ order, copy }: { order: OrderRecord; copy: OrderCopy }) {
  const text = copy.admin
  const columns = copy.details
  const late = receivedLate(order.items, order.events)
  return (
    <section aria-labelledby="order-items" className="admin-section">
      <h2 id="order-items">{columns.itemsHeading}</h2>
      {late ? (
        <div className="admin-late" id="order-late">
          <p>
            <strong>{fillTemplate(copy.lateParcels.staffNotice, { until: formatDateTime(order.holdUntil) })}</strong>
          </p>
          <p>{copy.lateParcels.staffHelp}</p>
        </div>
      ) : null}
      {/* Wider than a phone: the table scrolls, so the keyboard must reach it too (WCAG 2.1.1). */}
      <div className="admin-scroll" tabIndex={0} role="group" aria-labelledby="order-items">
        <table className="admin-table" aria-labelledby="order-items">
          <thead>
            <tr>
              <th scope="col">{columns.deviceColumn}</th>
              {/* Beside the device: on a phone, what the register said shows before the table scrolls. */}
              <th scope="col">{text.registerColumn}</th>
              <th scope="col">{columns.conditionColumn}</th>
              <th scope="col">{text.gradeFound}</th>
              <th scope="col">{text.imei}</th>
              <th scope="col">{text.notes}</th>
              <th scope="col" className="admin-table__number">
                {columns.priceColumn}
              </th>
              {late ? (
                <th scope="col" className="admin-table__number">
                  {copy.lateParcels.latePriceColumn}
                </th>
              ) : null}
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
                <td className="admin-table__notes">
                  <RegisterResult item={item} text={text} cleared={copy.holds.clearEvent} />
                </td>
                <td>{item.gradeName}</td>
                <td>{item.foundGradeName ?? ''}</td>
                <td className="admin-code">{item.imei ?? ''}</td>
                <td className="admin-table__notes">{item.checkNotes ?? ''}</td>
                <td className="admin-table__number">{formatPence(item.pricePence)}</td>
                {late ? (
                  <td className="admin-table__number">
                    {item.latePricePence === null ? '' : formatPence(item.latePricePence)}
                  </td>
                ) : null}
                <td className="admin-table__number">
                  {item.revisedPricePence === null ? '' : formatPence(item.revisedPricePence)}
                </td>
                <td className="admin-table__notes">{item.revisedReason ?? ''}</td>
                <td>
                  {item.offerAnswer === 'accept'
                    ? text.answerAccepted
                    : item.offerAnswer === 'decline'
                      ? item.returnTracking
                        ? fillTemplate(text.declinedPostedBack, { tracking: item.returnTracking })
                        : text.answerDeclined
                      : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {order.items.map((item) =>
        item.checkAnswers?.length ? (
          <div key={item.id} className="admin-check-answers">
            <h3>
              {copy.checklist.answersHeading}: {item.device}
            </h3>
            <dl>
              {item.checkAnswers.map((answer) => (
                <div key={answer.question}>
                  <dt>{answer.questionText}</dt>
                  <dd>{answer.answerText}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null,
      )}
    </section>
  )
}
