'use client'

import { ErrorSummary } from '@/components/forms/error-summary'
import type { OrderCopy } from '@/content/types'
import { holdForm } from '@/orders/holds/hold-form'
import { cautionFieldId, HOLD_ACTIONS, parseClearCaution } from '@/orders/holds/hold-input'
import { FormField } from '@/components/admin/form-field'
import { Notice, useStaffForm } from '@/components/admin/staff-form-state'

type HoldCopy = OrderCopy['holds']

/**
 * A manager's clearing of one device's caution: the certificate they looked up goes with the
 * form, and why is needed. Posts with scripts or without; the same rules run here first.
 */
export function ClearCautionForm({
  reference,
  itemId,
  certificate,
  label,
  text,
  summaryTitle,
  cleared = false,
}: {
  reference: string
  itemId: string
  certificate: string
  /** The device and its certificate, the form's name. */
  label: string
  text: HoldCopy
  summaryTitle: string
  /** Cleared already: the form only says why a second post changed nothing. */
  cleared?: boolean
}) {
  const staff = useStaffForm((body) => {
    const parsed = parseClearCaution(body)
    return parsed.ok ? [] : parsed.errors.map((error) => ({ ...error, message: text.clearReasonProblem }))
  }, holdForm)
  const { problems, notice, noticeRef } = staff
  const id = cautionFieldId(itemId, 'reason')
  const error = problems.some((problem) => problem.field === 'reason') ? text.clearReasonProblem : null
  if (cleared) return <Notice problem={notice} ref={noticeRef} />
  return (
    <form {...staff.form} className="admin-action-form" aria-label={label} noValidate>
      <Notice problem={notice} ref={noticeRef} />
      <ErrorSummary
        title={summaryTitle}
        autoFocus={!notice && problems.length > 0}
        errors={problems
          .filter((problem) => problem.field === 'reason')
          .map((problem) => ({ href: `#${id}`, text: problem.message, code: problem.code }))}
      />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={HOLD_ACTIONS.clearCaution} />
      <input type="hidden" name="item" value={itemId} />
      <input type="hidden" name="certificate" value={certificate} />
      <FormField
        name="reason"
        id={id}
        label={text.clearReason}
        error={error}
        defaultValue={staff.state.typed.reason ?? ''}
        multiline
      />
      <button type="submit" className="button button--primary" aria-disabled={staff.sending || undefined}>
        {text.clearButton}
      </button>
    </form>
  )
}

/**
 * Checking every device of a held order against the register again: one button. It carries how
 * many checks again the page showed, so a second post of the same form asks nothing more.
 */
export function RecheckForm({ reference, seen, text }: { reference: string; seen: number; text: HoldCopy }) {
  const staff = useStaffForm(undefined, holdForm)
  const { notice, noticeRef } = staff
  return (
    <form {...staff.form} className="admin-action-form" aria-label={text.recheckButton}>
      <Notice problem={notice} ref={noticeRef} />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={HOLD_ACTIONS.recheck} />
      <input type="hidden" name="seen" value={seen} />
      <button type="submit" className="button button--primary" aria-disabled={staff.sending || undefined}>
        {text.recheckButton}
      </button>
    </form>
  )
}
