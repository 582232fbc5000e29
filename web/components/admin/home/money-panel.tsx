'use client'

import { useActionState, useEffect, useRef } from 'react'
import type { OrderCopy } from '@/content/types'
import { FRESH_FORM } from '@/forms/form-state'
import { formatPence, penceAsPounds } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { MoneyFigures } from '@/orders/payments/payout-figures'
import { approvePayoutsForm, dailyLimitForm } from '@/orders/payments/payout-form'

type Props = {
  words: OrderCopy['payouts']
  figures: MoneyFigures
  /** Managers set the limit and approve; staff see the figures. */
  manager: boolean
  /** What a manager's form just did (sent back here with ?done=): confirmed in words. */
  done: 'limit' | 'approved' | null
}

/**
 * The dashboard's money: paid today, with the bank, failed, and what is held back and why; for a
 * manager, the daily limit the payout job pays within and the approval of what waits above it.
 * Both forms post without scripts too, and come back to the dashboard with the figures redrawn.
 */
export function MoneyPanel({ words, figures, manager, done }: Props) {
  const { paidToday, paying, held, limit } = figures
  const amount = (template: string, { count, pence }: { count: number; pence: number }) =>
    fillTemplate(template, { count, total: formatPence(pence) })
  return (
    <section aria-labelledby="money" className="admin-money">
      <h2 id="money">{words.heading}</h2>
      {done ? (
        <p className="admin-notice" role="status">
          {done === 'limit' ? fillTemplate(words.limitSet, { limit: formatPence(limit.limitPence) }) : words.approved}
        </p>
      ) : null}
      {figures.payer ? null : <p>{words.noPayer}</p>}
      <ul>
        <li>{amount(words.paidToday, paidToday)}</li>
        <li>{amount(words.paying, paying)}</li>
        <li>{fillTemplate(words.failed, { count: figures.failed })}</li>
      </ul>
      <h3>{words.heldHeading}</h3>
      <ul>
        <li className={held.aboveLimit.count ? 'admin-queue--due' : undefined}>
          {amount(words.heldLimit, held.aboveLimit)}
        </li>
        <li>{fillTemplate(words.heldChange, { count: held.change })}</li>
        <li className={held.payee ? 'admin-queue--due' : undefined}>
          {fillTemplate(words.heldPayee, { count: held.payee })}
        </li>
        <li className={held.register ? 'admin-queue--due' : undefined}>
          {fillTemplate(words.heldRegister, { count: held.register })}
        </li>
        <li className={held.rise ? 'admin-queue--due' : undefined}>
          {fillTemplate(words.heldRise, { count: held.rise })}
        </li>
        <li className={held.identity ? 'admin-queue--due' : undefined}>
          {fillTemplate(words.heldIdentity, { count: held.identity })}
        </li>
        <li>{fillTemplate(words.heldCutoff, { count: held.nextCutoff })}</li>
      </ul>
      <p>
        {fillTemplate(words.limitLine, {
          limit: formatPence(limit.limitPence),
          sent: formatPence(limit.sentPence),
          left: formatPence(limit.leftPence),
        })}
      </p>
      {manager ? (
        <>
          {held.aboveLimit.pence ? <ApproveForm words={words} pence={held.aboveLimit.pence} /> : null}
          <LimitForm words={words} limitPence={limit.limitPence} />
        </>
      ) : null}
    </section>
  )
}

function useFocusedProblem<T extends { sent: number; problems: { code: string }[] }>(state: T) {
  const ref = useRef<HTMLElement>(null)
  const problem = state.problems[0] ?? null
  useEffect(() => {
    if (state.sent && problem) ref.current?.focus()
  }, [state.sent, problem])
  return ref
}

function ApproveForm({ words, pence }: { words: OrderCopy['payouts']; pence: number }) {
  const [state, post, sending] = useActionState(approvePayoutsForm, FRESH_FORM)
  const ref = useFocusedProblem(state)
  const problem = state.problems[0]
  return (
    <form action={post} aria-busy={sending || undefined}>
      {problem ? (
        <p
          ref={ref as React.Ref<HTMLParagraphElement>}
          className="admin-notice admin-notice--problem"
          role="alert"
          tabIndex={-1}
        >
          {problem.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
        {fillTemplate(words.approveButton, { total: formatPence(pence) })}
      </button>
    </form>
  )
}

function LimitForm({ words, limitPence }: { words: OrderCopy['payouts']; limitPence: number }) {
  const [state, post, sending] = useActionState(dailyLimitForm, FRESH_FORM)
  const ref = useFocusedProblem(state)
  const problem = state.problems.find((candidate) => candidate.field === 'limit')
  return (
    <form action={post} aria-busy={sending || undefined} className="admin-filter" noValidate>
      <div className="field field--short">
        <label htmlFor="payout-limit">{words.limitLabel}</label>
        <p className="field__hint" id="payout-limit-hint">
          {words.limitHint}
        </p>
        {problem ? (
          <p
            className="field__error"
            id="payout-limit-error"
            ref={ref as React.Ref<HTMLParagraphElement>}
            tabIndex={-1}
          >
            {problem.message}
          </p>
        ) : null}
        <input
          id="payout-limit"
          name="limit"
          type="text"
          inputMode="decimal"
          defaultValue={state.typed.limit ?? penceAsPounds(limitPence)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'payout-limit-hint payout-limit-error' : 'payout-limit-hint'}
        />
      </div>
      <button type="submit" className="button" aria-disabled={sending || undefined}>
        {words.limitButton}
      </button>
    </form>
  )
}
