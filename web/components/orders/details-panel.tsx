import type { OrderCopy } from '@/content/types'
import { payoutAccount } from '@/payouts/methods'
import { formatDateTime, formatLongDate, isoDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { type OrderRecord } from '@/orders/record/store'
import { revisedTotal } from '@/orders/record/order-values'
import { orderProblemMessage } from '@/orders/checkout/problems'
import { answerOffer, newLabel } from '@/orders/checkout/form-actions'
import { tokenPath } from '@/orders/record/order-token'
import { ButtonForm } from '../forms/button-form'
import { CheckPhotos, RevisedOffer } from './revised-offer'
import { describeStatus } from '@/orders/record/statuses'
import { allowedMove, movesFor, payoutChangeable, type MoveName } from '@/orders/record/lifecycle'
import { PAYOUT_CHANGE_EVENT } from '@/orders/payout-change/payout-change-event'
import { PayoutChangeSection } from './payout-change-section'
import '@/styles/orders.css'
import { Notice } from '../account/notice'
import { ContentLink } from '../ui/content-link'
import type { OrderPanelProps } from './panel-props'
import { OrderCertificates } from './order-certificates'
import { TrackerPanel } from './tracker-panel'
import { SellerLock } from './seller-lock'
import type { SellerIdentityState } from '@/orders/identity/identity-rules'
import { IdentityWaiting } from './identity-waiting'
import type { OrderLockHoldRow } from '@/db/schema'
import { LOCK_ACTIONS } from '@/orders/locks/lock-input'
import type { OpenParcel } from '@/orders/parcels/parcels'
import { PARCEL_ASTRAY, PARCEL_SCANNED } from '@/carrier/parcel-history'
import { parcelStage } from '@/carrier/tracking-events'

/** The statuses whose explanations speak of a price held or a payment to come: a free recycling order's say it is free instead. */
const FREE_EXPLAINED = ['placed', 'received', 'checked']

/**
 * One order, opened by a signed link (from an e-mail, the tracker, the receipt or the account
 * page): its devices, where it is and what has happened, and what the seller can do now. Opened
 * from the tracker (`canAct` false: its reference and postcode are printed on the parcel), it shows
 * where the order is and the next step only, and says how to see more and act: the e-mail's link,
 * or logging in. The devices, prices, photos and the bank account's digits are the seller's alone.
 */
export function DetailsPanel(
  props: OrderPanelProps & {
    order: OrderRecord | null
    canAct: boolean
    lockHold?: OrderLockHoldRow | null
    /** Its devices' data-erasure certificates, for a link that may act. */
    certificates?: Array<{ code: string; device: string }>
    /** The carrier's tracked label, while the parcel is on its way, for a link that may act. */
    parcel?: OpenParcel | null
    /** Proof of identity holding the payment, for a link that may act. */
    identity?: SellerIdentityState | null
  },
) {
  const { copy, query, order, canAct, lockHold, parcel } = props
  if (!order) {
    return (
      <>
        <p role="alert" className="order-problem">
          {orderProblemMessage(copy, 'linkInvalid')}
        </p>
        <TrackerPanel {...props} query={{}} />
      </>
    )
  }
  const text = copy.details
  const described = lostInCare(order) ? { name: text.lostInCare, explanation: '' } : describeStatus(copy, order.status)
  // A free recycling order is never paid: until it is taken for recycling, it says so in place of
  // the words about its price and its payment.
  const status =
    order.totalPence === 0 && FREE_EXPLAINED.includes(order.status)
      ? { ...described, explanation: text.freeRecycling }
      : described
  const dones: Partial<Record<string, string>> = {
    accept: text.accepted,
    decline: text.declined,
    cancel: text.cancelled,
    return: text.returnRequested,
    label: text.newLabelDone,
    [LOCK_ACTIONS.removed]: copy.locks.removedDone,
    payout: order.payoutLast4
      ? fillTemplate(copy.payoutChange.changed, {
          account: payoutAccount(copy.checkout, order.payoutMethod, order.payoutLast4),
          until: order.payoutHeldUntil ? formatDateTime(order.payoutHeldUntil) : '',
        })
      : undefined,
  }
  // What was just done, said back; the parcel's link does nothing, and is told nothing.
  const done = canAct ? dones[query.done ?? ''] : undefined
  // What the seller could do from a link that may act: shown how, when this one cannot.
  const sellerMoves =
    movesFor(order.status, 'seller').length > 0 || (order.totalPence > 0 && payoutChangeable(order.status))
  return (
    <div className="order-details">
      <Notice text={done} />
      <dl className="order-facts">
        <dt>{text.referenceLabel}</dt>
        <dd>{order.reference}</dd>
        <dt>{text.placedLabel}</dt>
        <dd>
          <time dateTime={isoDate(order.placedAt)}>{formatLongDate(order.placedAt)}</time>
        </dd>
      </dl>

      <section aria-labelledby="order-status" className="order-status">
        <h2 id="order-status">{text.statusHeading}</h2>
        <p className="order-status__name">{status.name}</p>
        {status.explanation ? <p>{status.explanation}</p> : null}
        {canAct && order.status === 'paid' && order.payoutLast4 ? (
          <p>
            {fillTemplate(text.paidTo, {
              account: payoutAccount(copy.checkout, order.payoutMethod, order.payoutLast4),
            })}
          </p>
        ) : null}
        {order.returnTracking ? <p>{fillTemplate(text.returnTracking, { tracking: order.returnTracking })}</p> : null}
        {/* The devices declined in an order otherwise kept, posted back together. */}
        {[...new Set(order.items.flatMap((item) => (item.returnTracking ? [item.returnTracking] : [])))].map(
          (tracking) => (
            <p key={tracking} className="order-status__returned">
              {fillTemplate(text.returnTracking, { tracking })}
            </p>
          ),
        )}
      </section>

      {canAct && order.status === 'placed' ? (
        <>
          {parcel ? (
            <p className="order-parcel">
              {fillTemplate(order.totalPence === 0 ? text.parcelTrackingFree : text.parcelTracking, {
                tracking: parcel.trackingNumber,
                insured: formatPence(parcel.insuredPence),
              })}
            </p>
          ) : null}
          <p className="order-label-link">
            <a href={tokenPath(query.order!, 'label')}>{text.labelLink}</a>
          </p>
          {/* A second label while the parcel is not yet posted: the carrier cancels the first. */}
          {parcel && !parcel.posted ? (
            <ButtonForm
              action={newLabel}
              hidden={{ token: query.order ?? '' }}
              className="order-new-label"
              submitLabel={text.newLabelButton}
            >
              <p>{text.newLabelHelp}</p>
            </ButtonForm>
          ) : null}
        </>
      ) : null}

      {canAct && order.status === 'paid' ? (
        <p className="order-label-link">
          <a href={tokenPath(query.order!, 'invoice')}>{copy.invoice.link}</a>
        </p>
      ) : null}

      {canAct && props.identity ? <IdentityWaiting copy={copy} check={props.identity} /> : null}

      {canAct && lockHold && order.status === 'received' ? (
        <SellerLock order={order} hold={lockHold} copy={copy} token={query.order!} />
      ) : null}

      {canAct && order.status === 'revised' ? <RevisedOffer order={order} copy={copy} token={query.order!} /> : null}

      {canAct ? (
        <>
          <ItemsTable order={order} copy={copy} />
          <CheckPhotos order={order} copy={copy} />
          <OrderCertificates certificates={props.certificates ?? []} copy={copy} />
        </>
      ) : null}

      {!canAct && sellerMoves ? (
        <section className="order-how-to-act">
          <p>{text.signedLinkNeeded}</p>
          <p>
            <ContentLink link={text.signedLinkLogin} />
          </p>
        </section>
      ) : null}

      {canAct && order.status === 'placed' ? (
        <ButtonForm
          action={answerOffer}
          hidden={{ token: query.order ?? '', answer: 'cancel' }}
          className="order-cancel"
          submitLabel={text.cancelButton}
        >
          <p>{text.cancelHelp}</p>
        </ButtonForm>
      ) : null}

      {canAct && order.status !== 'revised' && allowedMove(order.status, 'requestReturn', 'seller').ok ? (
        <section aria-labelledby="order-return" className="order-return">
          <h2 id="order-return">{text.returnHeading}</h2>
          <ButtonForm
            action={answerOffer}
            hidden={{ token: query.order ?? '', answer: 'return' }}
            submitLabel={text.returnButton}
          >
            <p>{text.returnHelp}</p>
          </ButtonForm>
        </section>
      ) : null}

      {canAct ? <PayoutChangeSection order={order} copy={copy} token={query.order ?? ''} step={query.payout} /> : null}

      <Timeline order={order} copy={copy} statusOnly={!canAct} />
    </div>
  )
}

function ItemsTable({ order, copy }: { order: OrderRecord; copy: OrderCopy }) {
  const text = copy.details
  const checked = order.items.some((item) => item.foundGradeName)
  const revised = order.items.some((item) => item.revisedPricePence !== null)
  const total = revisedTotal(order)
  const free = order.totalPence === 0 && !revised
  return (
    // Wider than a phone once checked or revised: the table scrolls, so the keyboard reaches it too (WCAG 2.1.1).
    <div className="table-scroll" role="region" aria-labelledby="order-items-caption" tabIndex={0}>
      <table className="order-table">
        <caption id="order-items-caption">{text.itemsHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{text.deviceColumn}</th>
            <th scope="col">{text.conditionColumn}</th>
            {checked ? <th scope="col">{text.foundColumn}</th> : null}
            <th scope="col" className="order-table__money">
              {text.priceColumn}
            </th>
            {revised ? (
              <th scope="col" className="order-table__money">
                {text.revisedColumn}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.device}</th>
              <td>{item.gradeName}</td>
              {checked ? <td>{item.foundGradeName ?? ''}</td> : null}
              <td className="order-table__money">{free ? copy.checkout.offerFree : formatPence(item.pricePence)}</td>
              {revised ? (
                <td className="order-table__money">
                  {item.revisedPricePence === null ? '' : formatPence(item.revisedPricePence)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={revised ? (checked ? 4 : 3) : checked ? 3 : 2}>
              {text.totalLabel}
            </th>
            <td className="order-table__money">
              {free ? copy.checkout.offerFree : formatPence(revised ? total : order.totalPence)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

/**
 * An order accepted because a manager recorded a device lost or damaged in our care: "Offer
 * accepted" would say the seller answered an offer they were never sent; the loss's own words do.
 */
function lostInCare(order: OrderRecord): boolean {
  if (order.status !== 'accepted') return false
  // In the history's order: by time, then as written (one transaction's events share a time).
  const moves = order.events
    .filter((event) => event.fromStatus !== event.toStatus)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
  return moves.at(-1)?.action === ('loseInCare' satisfies MoveName)
}

function Timeline({ order, copy, statusOnly }: { order: OrderRecord; copy: OrderCopy; statusOnly: boolean }) {
  // What the seller sees: each change of status and of their bank details, not staff's own records.
  // The parcel's link sees the changes of status alone.
  const parcelWords = {
    accepted: copy.details.parcelAccepted,
    inTransit: copy.details.parcelInTransit,
    delivered: copy.details.parcelDelivered,
  }
  // The parcel's scans, a parcel astray and a device lost in our care have words of their own; any
  // other step is its status's name.
  const namedStep = (event: OrderRecord['events'][number]) => {
    if (event.action === PARCEL_ASTRAY) return copy.details.parcelAstray
    if (event.action === ('loseInCare' satisfies MoveName)) return copy.details.lostInCare
    const stage = event.action === PARCEL_SCANNED && event.reason ? parcelStage(event.reason) : null
    return stage ? parcelWords[stage] : null
  }
  const steps = order.events
    .filter(
      (event) =>
        event.action === 'place' ||
        (event.action === PAYOUT_CHANGE_EVENT && !statusOnly) ||
        namedStep(event) !== null ||
        event.fromStatus !== event.toStatus,
    )
    // A scan is dated by the carrier, and may be learned of after a later change.
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
  return (
    <section aria-labelledby="order-timeline" className="order-timeline">
      <h2 id="order-timeline">{copy.details.timelineHeading}</h2>
      <ol>
        {steps.map((event) => (
          <li key={event.id}>
            <time dateTime={isoDate(event.at)}>{formatDateTime(event.at)}</time>{' '}
            <span>
              {event.action === PAYOUT_CHANGE_EVENT
                ? copy.payoutChange.timelineEntry
                : (namedStep(event) ?? describeStatus(copy, event.toStatus).name)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
