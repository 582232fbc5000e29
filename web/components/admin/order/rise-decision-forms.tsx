'use client'

import { ErrorSummary } from '@/components/forms/error-summary'
import type { OrderCopy } from '@/content/types'
import { parseRiseDecision } from '@/orders/moves/admin-input'
import { FormField } from '@/components/admin/form-field'
import { Notice, useStaffForm } from '@/components/admin/staff-form-state'

type AdminCopy = OrderCopy['admin']

/**
 * A manager's decision on a price rise waiting on the order: approve (the seller is sent the
 * revised offer) or refuse, each with why, kept in the history. Two forms, scripts or none.
 */
export function RiseDecisionForms({
  reference,
  text,
  riseText,
  summaryTitle,
  refusable,
}: {
  reference: string
  text: AdminCopy
  riseText: OrderCopy['rises']
  summaryTitle: string
  /** Whether the rise still waits (it can be refused); one already offered can only be approved. */
  refusable: boolean
}) {
  const actions = refusable ? (['approveRise', 'refuseRise'] as const) : (['approveRise'] as const)
  return (
    <div className="admin-rise-forms">
      {actions.map((action) => (
        <RiseDecisionForm
          key={action}
          action={action}
          reference={reference}
          text={text}
          riseText={riseText}
          summaryTitle={summaryTitle}
        />
      ))}
    </div>
  )
}

function RiseDecisionForm({
  action,
  reference,
  text,
  riseText,
  summaryTitle,
}: {
  action: 'approveRise' | 'refuseRise'
  reference: string
  text: AdminCopy
  riseText: OrderCopy['rises']
  summaryTitle: string
}) {
  const staff = useStaffForm((body) => {
    const parsed = parseRiseDecision(body)
    return parsed.ok ? [] : parsed.errors.map((error) => ({ ...error, message: text.invalid }))
  })
  const { problems, notice, noticeRef } = staff
  const id = `${action}-reason`
  const error = problems.some((problem) => problem.field === 'reason') ? text.invalid : null
  const label = action === 'approveRise' ? riseText.approveButton : riseText.refuseButton
  return (
    <form id={action} {...staff.form} className="admin-action-form" aria-label={label} noValidate>
      <Notice problem={notice} ref={noticeRef} />
      <ErrorSummary
        title={summaryTitle}
        autoFocus={!notice && problems.length > 0}
        errors={problems
          .filter((problem) => problem.field === 'reason')
          .map((problem) => ({ href: `#${id}`, text: riseText.why, code: problem.code }))}
      />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={action} />
      <FormField
        name="reason"
        id={id}
        label={riseText.why}
        error={error}
        defaultValue={staff.state.typed.reason ?? ''}
        multiline
      />
      <button
        type="submit"
        className={action === 'approveRise' ? 'button button--primary' : 'button button--secondary'}
        aria-disabled={staff.sending || undefined}
      >
        {label}
      </button>
    </form>
  )
}
