import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { formatDateTime, isoDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import type { OrderListRow } from '@/orders/queue/order-queue'
import { fillTemplate } from '@/lib/templates'
import { payoutHeldUntil, statusName } from '@/components/admin/admin-words'
import { CLAIM_ROW_FIELD, claimRowValue } from '@/orders/claims/claim-input'
import { stepTimer, type StepPromises } from '@/orders/queue/step-timers'
import type { BusinessCalendar } from '@/orders/record/working-days'
import { RETURN_LABEL_FIELD } from '@/orders/queue/return-label-rules'

type Props = { copy: OrderCopy; orders: OrderListRow[]; reader: ListReader }

/** The orders found, in the list's order: each reference opens the order; each can be claimed here. */
export function OrdersTable({ copy, orders, reader }: Props) {
  const text = copy.admin
  if (!orders.length) return <p className="admin-empty">{text.noOrders}</p>
  return (
    // Scrolls sideways on a phone: focusable, so it scrolls from the keyboard too.
    <div className="admin-scroll" tabIndex={0} role="group" aria-label={text.ordersHeading}>
      <table className="admin-table">
        <caption className="visually-hidden">{text.ordersHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{text.referenceColumn}</th>
            <th scope="col">{text.placedColumn}</th>
            <th scope="col">{text.sellerColumn}</th>
            <th scope="col">{copy.checkout.postcode}</th>
            <th scope="col" className="admin-table__number">
              {text.itemsColumn}
            </th>
            <th scope="col">{text.statusColumn}</th>
            <th scope="col">{copy.queue.waitingColumn}</th>
            <th scope="col">{text.postagePackColumn}</th>
            <th scope="col" className="admin-table__number">
              {text.totalColumn}
            </th>
            <th scope="col">{copy.claims.claimColumn}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link href={`/admin/orders/${order.reference}`} className="admin-reference">
                  {order.reference}
                </Link>
              </th>
              <td>
                <time dateTime={isoDate(order.placedAt)}>{formatDateTime(order.placedAt)}</time>
              </td>
              <td>{order.name ?? ''}</td>
              <td>{order.postcode ?? ''}</td>
              <td className="admin-table__number">{order.items}</td>
              <td>
                {statusName(copy, order.status)}
                <HeldNote copy={copy} order={order} />
                <ReturnLabelChoice copy={copy} order={order} labelsForm={reader.labelsForm} />
              </td>
              <td>
                <time dateTime={isoDate(order.statusSince)}>{formatDateTime(order.statusSince)}</time>
                <Timer copy={copy} order={order} timing={reader.timing} />
              </td>
              <td>
                <PackCell copy={copy} order={order} packsForm={reader.packsForm} />
              </td>
              <td className="admin-table__number">{formatPence(order.totalPence)}</td>
              <td>
                <ClaimCell copy={copy} order={order} reader={reader} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Under the status, while a payment waits after the seller changed the bank details. */
function HeldNote({ copy, order }: { copy: OrderCopy; order: OrderListRow }) {
  const held = payoutHeldUntil(order)
  if (!held) return null
  return (
    <span className="admin-table__held">
      {fillTemplate(copy.admin.payoutChangedNotice, { until: formatDateTime(held) })}
    </span>
  )
}

// Who reads the list, where its forms come back to, (packs to post, returns) the forms its boxes
// belong to, and what each order's timer is measured with.
export type ListReader = {
  staffId: string
  role: 'staff' | 'manager'
  back: string
  packsForm: string | null
  labelsForm?: string | null
  /** The list's one claim form, each row's button belongs to. */
  claimsForm: string
  timing: { now: Date; promises: StepPromises; calendar: BusinessCalendar }
}

/** A postage pack: wanted, posted (when), or, in the packs-to-post view, a box that chooses it. */
function PackCell({ copy, order, packsForm }: { copy: OrderCopy; order: OrderListRow; packsForm: string | null }) {
  if (!order.postagePack) return null
  if (order.postagePackPostedAt)
    return <>{fillTemplate(copy.claims.packPosted, { when: formatDateTime(order.postagePackPostedAt) })}</>
  if (!packsForm) return <>{copy.admin.postagePackWanted}</>
  const id = `pack-${order.id}`
  return (
    <span className="admin-pack-choice">
      <input type="checkbox" id={id} name={id} form={packsForm} />
      <label htmlFor={id}>{fillTemplate(copy.claims.packSelect, { reference: order.reference })}</label>
      {order.status === 'placed' ? (
        <a href={`/admin/orders/${order.reference}/label`} className="admin-pack-label">
          {fillTemplate(copy.claims.packLabel, { reference: order.reference })}
        </a>
      ) : null}
    </span>
  )
}

/** On the returns list, an order being returned: the box that chooses it for a return label. */
function ReturnLabelChoice({
  copy,
  order,
  labelsForm,
}: {
  copy: OrderCopy
  order: OrderListRow
  labelsForm?: string | null
}) {
  if (!labelsForm || order.status !== 'returning') return null
  const id = `label-${order.id}`
  return (
    <span className="admin-pack-choice">
      <input type="checkbox" id={id} name={RETURN_LABEL_FIELD} value={order.id} form={labelsForm} />
      <label htmlFor={id}>{fillTemplate(copy.returnLabels.select, { reference: order.reference })}</label>
    </span>
  )
}

/** Who has the order, and the button the reader may use on it: claim, release, or a manager's release. */
function ClaimCell({ copy, order, reader }: { copy: OrderCopy; order: OrderListRow; reader: ListReader }) {
  const text = copy.claims
  const holder = order.claimedBy
  const mine = holder?.id === reader.staffId
  const name = holder?.name || text.someone
  const label = !holder
    ? text.claimButton
    : mine
      ? text.releaseButton
      : reader.role === 'manager'
        ? fillTemplate(text.releaseOtherButton, { name })
        : null
  return (
    <>
      {holder ? <span className="admin-table__claim">{name}</span> : null}
      {label ? (
        <button
          type="submit"
          form={reader.claimsForm}
          name={CLAIM_ROW_FIELD}
          value={claimRowValue(Boolean(holder), order.reference)}
          className={holder ? 'button button--secondary' : 'button button--primary'}
        >
          {label}
          <span className="visually-hidden"> {order.reference}</span>
        </button>
      ) : null}
    </>
  )
}

/** How long the order has waited in its step against the promise; "Late" in words when past it. */
function Timer({ copy, order, timing }: { copy: OrderCopy; order: OrderListRow; timing: ListReader['timing'] }) {
  const timer = stepTimer(order, timing.now, timing.promises, timing.calendar)
  if (!timer) return null
  const text = copy.claims
  const words = { answer: text.timerAnswer, lock: text.timerLock }
  const said = fillTemplate(timer.step === 'answer' || timer.step === 'lock' ? words[timer.step] : text.timerWaited, {
    waited: timer.waited,
    promise: timer.promise,
  })
  return (
    <span className={timer.late ? 'admin-timer admin-timer--late' : 'admin-timer'} data-timer={timer.step}>
      {said}
      {timer.late ? <strong className="admin-timer__late"> {text.timerLate}</strong> : null}
    </span>
  )
}
