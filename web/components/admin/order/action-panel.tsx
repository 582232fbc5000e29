import Link from 'next/link'
import { fillTemplate } from '@/lib/templates'
import { adminMovesFor, isAdminMove } from '@/orders/moves/admin-input'
import { identityHoldsPayment } from '@/orders/identity/identity-rules'
import { declinedToReturn, RETURNS_DECLINED_FROM } from '@/orders/record/order-values'
import { actionLabel, inSentence } from '@/components/admin/admin-words'
import type { AdminOrderProps } from '@/components/admin/admin-order-props'
import { ReturnDeclinedForm, StaffActions } from './staff-forms'

/**
 * What staff can do to the order now: a link per action, and for the one chosen a confirmation
 * form with its fields. Plain links and a form that posts without scripts too. Paying is not
 * offered while proof of identity waits (it would only be refused): the panel says why instead.
 */
export function ActionPanel(props: AdminOrderProps) {
  const { order, copy, role, grades, query, recheckNeeded, published, checks } = props
  const text = copy.admin
  const identityWaiting = identityHoldsPayment(props.identity)
  const { totalPence } = order
  const moves = adminMovesFor(order.status, role, { identityWaiting, totalPence })
  const payWithheld = moves.length < adminMovesFor(order.status, role, { totalPence }).length
  const chosen = isAdminMove(query.action) && moves.includes(query.action) ? query.action : null
  const path = `/admin/orders/${order.reference}`
  const label = chosen ? (actionLabel(text, chosen) ?? chosen) : ''
  const toReturn = declinedToReturn(order)
  // Once they are posted, the form stays in its place to say so to a second post, scripts or none.
  const declined =
    RETURNS_DECLINED_FROM.includes(order.status) && order.items.some((item) => item.offerAnswer === 'decline')
  return (
    <section aria-labelledby="order-actions" className="admin-section">
      <h2 id="order-actions">{text.actionsHeading}</h2>
      <StaffActions
        form={
          chosen
            ? {
                reference: order.reference,
                status: order.status,
                move: chosen,
                label,
                help: fillTemplate(text.confirmHelp, { action: inSentence(label), reference: order.reference }),
                items: order.items.map((item) => ({
                  id: item.id,
                  device: item.device,
                  pricePence: item.pricePence,
                  gradeKey: item.gradeKey,
                  foundGradeKey: item.foundGradeKey,
                  foundGradeName: item.foundGradeName,
                  imei: item.imei,
                  checkNotes: item.checkNotes,
                  publishedPence: published[item.id] ?? null,
                  checklist: checks[item.id]?.checklist ?? [],
                  pricedByGrade: checks[item.id]?.pricedByGrade ?? {},
                  checkAnswers: item.checkAnswers,
                })),
                checkText: copy.checklist,
                grades,
                text,
                riseText: copy.rises,
                summaryTitle: copy.problems.summary,
                priceColumn: copy.details.priceColumn,
                recheckNeeded,
                policeReference: copy.holds.policeReference,
              }
            : null
        }
      >
        {moves.length ? (
          <ul className="admin-actions">
            {moves.map((move) => (
              <li key={move}>
                <Link
                  href={`${path}?action=${move}#action-form`}
                  className={move === chosen ? 'button button--primary' : 'button button--secondary'}
                  aria-current={move === chosen ? 'true' : undefined}
                >
                  {actionLabel(text, move)}
                </Link>
              </li>
            ))}
          </ul>
        ) : toReturn || payWithheld ? null : (
          <p>{text.noActions}</p>
        )}
        {payWithheld ? (
          <p className="admin-notice" data-identity="holds-payment">
            {copy.identity.notPaid}
          </p>
        ) : null}
      </StaffActions>
      {declined ? (
        <ReturnDeclinedForm
          reference={order.reference}
          devices={(toReturn ?? []).map((item) => item.device)}
          text={text}
          summaryTitle={copy.problems.summary}
        />
      ) : null}
    </section>
  )
}
