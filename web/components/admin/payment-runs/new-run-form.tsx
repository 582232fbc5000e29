'use client'

import { useActionState, useEffect, useRef } from 'react'
import type { OrderCopy } from '@/content/types'
import { FRESH_FORM } from '@/forms/form-state'
import { formatPenceExact as formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { RECHECK_FIELD } from '@/orders/moves/admin-input'
import { makeRunForm } from '@/orders/payment-runs/payment-run-form'
import type { ReadyOrder } from '@/orders/payment-runs/payment-runs'
import { RecheckField } from '@/components/admin/recheck-field'

type Props = {
  text: OrderCopy['admin']
  statusNames: Record<string, string>
  orders: ReadyOrder[]
  recheckNeeded: boolean
}

/**
 * The orders ready to pay, each with a tick box, and "all ready orders": one post makes the run,
 * with scripts or without, asking for the password again (once) when the last check is too old.
 */
export function NewRunForm({ text, statusNames, orders, recheckNeeded }: Props) {
  const runs = text.payments
  const [state, post, sending] = useActionState(makeRunForm, FRESH_FORM)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const notice = state.problems.find((problem) => problem.field === null) ?? null
  const recheck = state.problems.find((problem) => problem.field === RECHECK_FIELD) ?? null
  useEffect(() => {
    if (state.sent) (notice ? noticeRef.current : document.getElementById(RECHECK_FIELD))?.focus()
  }, [state.sent, notice])
  const ticked = (id: string) => state.typed[`order-${id}`] === 'on'
  const noticeLine = notice ? (
    <p
      ref={noticeRef}
      className="admin-notice admin-notice--problem"
      role="alert"
      tabIndex={-1}
      data-problem={notice.code}
    >
      {notice.message}
    </p>
  ) : null
  // Nothing ready (the last post may have taken the last of them): what stopped it, and that.
  if (!orders.length) {
    return (
      <>
        {noticeLine}
        <p className="admin-empty">{runs.noneReady}</p>
      </>
    )
  }
  return (
    <form action={post} aria-busy={sending || undefined} className="admin-run-form" noValidate>
      {noticeLine}
      <p className="admin-run-all">
        <input type="checkbox" id="run-all" name="all" defaultChecked={state.typed.all === 'on'} />{' '}
        <label htmlFor="run-all">{runs.allReady}</label>
      </p>
      <div className="admin-scroll">
        <table className="admin-table">
          <caption className="visually-hidden">{runs.newHeading}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{runs.orderColumn}</th>
              <th scope="col">{runs.payeeColumn}</th>
              <th scope="col">{text.statusColumn}</th>
              <th scope="col">{runs.amountColumn}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <input
                    type="checkbox"
                    id={`order-${order.id}`}
                    name={`order-${order.id}`}
                    defaultChecked={ticked(order.id)}
                    aria-label={fillTemplate(runs.includeOrder, { reference: order.reference })}
                  />
                </td>
                <th scope="row">{order.reference}</th>
                <td>{order.name}</td>
                <td>{statusNames[order.status] ?? order.status}</td>
                <td>{formatPence(order.totalPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {recheckNeeded || recheck ? (
        <RecheckField
          text={text}
          id={RECHECK_FIELD}
          error={recheck && recheck.code !== 'recheckNeeded' ? recheck.message : null}
        />
      ) : null}
      <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
        {runs.makeButton}
      </button>
    </form>
  )
}
