import type { OrderCopy } from '@/content/types'
import { formatDateTime, isoDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { isAdminMove, RETURN_DECLINED } from '@/orders/moves/admin-input'
import { HOLD_ACTIONS } from '@/orders/holds/hold-input'
import { CLAIM_ACTIONS } from '@/orders/claims/claim-input'
import { LOCK_ACTIONS } from '@/orders/locks/lock-input'
import '@/styles/admin.css'
import { ActionPanel } from './action-panel'
import { ClaimPanel } from './claim-panel'
import { LockPanel } from './lock-panel'
import { IdentityPanel } from './identity-panel'
import type { AdminOrderProps } from '@/components/admin/admin-order-props'
import { statusName } from '@/components/admin/admin-words'
import { OrderItems } from './order-items'
import { DevicePhotoForms } from './photo-upload'
import { OrderTimeline } from './order-timeline'
import { PayoutDetails } from './payout-details'
import { RelatedOrders } from './related-orders'
import { RegisterPanel } from './register-panel'
import { RisePanel } from './rise-panel'
import { SellerDetails } from './seller-details'
import { StaffPage } from '@/components/admin/staff-page'
import { fillTemplate } from '@/lib/templates'

/** One order for staff: where it is, whose it is, its devices, what to do next and its history. */
export function AdminOrder(props: AdminOrderProps) {
  const { order, copy } = props
  const text = copy.admin
  return (
    <StaffPage
      className="admin-order"
      back={{ href: '/admin/orders', label: text.backToList }}
      heading={order.reference}
      headingClassName="admin-reference"
    >
      <Outcome copy={copy} query={props.query} />
      <dl className="admin-facts">
        <dt>{text.statusColumn}</dt>
        <dd className="admin-facts__status">{statusName(copy, order.status)}</dd>
        <dt>{text.placedColumn}</dt>
        <dd>
          <time dateTime={isoDate(order.placedAt)}>{formatDateTime(order.placedAt)}</time>
        </dd>
        <dt>{text.totalColumn}</dt>
        <dd>{formatPence(order.totalPence)}</dd>
        {order.postagePack ? (
          <>
            <dt>{text.postagePackColumn}</dt>
            <dd className="admin-facts__pack">
              {text.postagePackWanted}
              {order.status === 'placed' ? (
                <>
                  {' '}
                  <a href={`/admin/orders/${order.reference}/label`}>
                    {fillTemplate(copy.claims.packLabel, { reference: order.reference })}
                  </a>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <ClaimPanel
        reference={order.reference}
        copy={copy}
        claim={props.claim}
        staffId={props.staffId}
        role={props.role}
      />
      <div className="admin-order__parties">
        <SellerDetails order={order} copy={copy} />
        <PayoutDetails
          order={order}
          copy={copy}
          role={props.role}
          payout={props.payout}
          recheckNeeded={props.recheckNeeded}
        />
      </div>
      <OrderItems order={order} copy={copy} />
      {order.status === 'paid' ? (
        <p>
          <a href={`/admin/orders/${order.reference}/invoice`}>{copy.invoice.staffLink}</a>
        </p>
      ) : null}
      <DevicePhotoForms order={order} copy={copy} query={props.query} />
      <RelatedOrders copy={copy} related={props.related} />
      <RisePanel {...props} />
      <RegisterPanel {...props} />
      <LockPanel {...props} />
      <IdentityPanel {...props} />
      <ActionPanel {...props} />
      <OrderTimeline order={order} copy={copy} staffCopy={props.staffCopy} />
    </StaffPage>
  )
}

/** What the last action did, when it was done: the page it sent staff on to says so. */
function Outcome({ copy, query }: { copy: OrderCopy; query: Record<string, string> }) {
  const rises: Record<string, string> = {
    proposeRise: copy.rises.proposed,
    approveRise: copy.rises.approved,
    refuseRise: copy.rises.refused,
    [HOLD_ACTIONS.clearCaution]: copy.holds.cleared,
    [HOLD_ACTIONS.recheck]: copy.holds.rechecked,
    [CLAIM_ACTIONS.claim]: copy.claims.claimed,
    [CLAIM_ACTIONS.release]: copy.claims.released,
    [LOCK_ACTIONS.hold]: copy.locks.heldDone,
    [LOCK_ACTIONS.release]: copy.locks.releasedDone,
  }
  const said = query.done ? rises[query.done] : undefined
  if (!said && !isAdminMove(query.done) && query.done !== RETURN_DECLINED.action) return null
  return (
    <p className="admin-notice" role="status">
      {said ?? copy.admin.done}
    </p>
  )
}
