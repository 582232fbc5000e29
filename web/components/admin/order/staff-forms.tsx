'use client'

import type { ReactNode } from 'react'
import { ErrorSummary } from '@/components/forms/error-summary'
import type { OrderCopy } from '@/content/types'
import {
  parseAdminAction,
  parseReturnDeclined,
  RECHECK_FIELD,
  RETURN_DECLINED,
  type AdminMove,
} from '@/orders/moves/admin-input'
import { ActionFields, fieldLabels, type ActionItem } from './action-fields'
import { FormField } from '@/components/admin/form-field'
import { RecheckField } from '@/components/admin/recheck-field'
import { Notice, recheckError, useStaffForm } from '@/components/admin/staff-form-state'

type AdminCopy = OrderCopy['admin']

/** The check's problems whose own words (the content's, from the server) are shown at the field. */
const OWN_WORDS = new Set<string>(['checkStopped', 'priceReasonMissing'])

type ActionFormProps = {
  reference: string
  status: string
  move: AdminMove
  /** The action's name, the form's heading. */
  label: string
  /** The line that says what confirming does, filled in. */
  help: string
  items: ActionItem[]
  grades: Array<{ key: string; name: string }>
  text: AdminCopy
  riseText: OrderCopy['rises']
  summaryTitle: string
  priceColumn: string
  /** Whether paying asks for the password again (the last check is too old). */
  recheckNeeded: boolean
  /** The label of the police's reference (keeping a held device for them). */
  policeReference: string
  checkText: OrderCopy['checklist']
}

/**
 * What staff can do to the order now: the links to each action (`children`), and for the one
 * chosen its confirmation form. It posts to the staff action with scripts or without; the order's
 * own rules run here first. An answer that stops the form is shown above the links, always in the
 * same place: when the order has moved on and the chosen action is no longer offered, the form goes
 * but the notice, and the focus on it, stay.
 */
export function StaffActions({ children, form }: { children: ReactNode; form: ActionFormProps | null }) {
  const labels = form ? fieldLabels(form.text, form.items) : {}
  const gradeKeys = form?.grades.map((grade) => grade.key) ?? []
  const staff = useStaffForm((body) => {
    if (!form) return []
    const parsed = parseAdminAction(body, form.items, gradeKeys)
    const own: Record<string, string> = {
      checkStopped: form.checkText.stopped,
      priceReasonMissing: form.checkText.reasonMissing,
    }
    return parsed.ok ? [] : parsed.errors.map((error) => ({ ...error, message: own[error.code] ?? form.text.invalid }))
  })
  const { problems, notice, noticeRef, recheck } = staff
  return (
    <>
      <Notice problem={notice} ref={noticeRef} />
      {children}
      {form ? (
        <form
          id="action-form"
          {...staff.form}
          className="admin-action-form"
          aria-labelledby="action-form-heading"
          noValidate
        >
          <h3 id="action-form-heading">{form.label}</h3>
          <ErrorSummary
            title={form.summaryTitle}
            autoFocus={!notice && problems.some((problem) => problem.code !== 'recheckNeeded')}
            errors={problems
              .filter((problem) => problem.field !== null && problem.code !== 'recheckNeeded')
              .map((problem) => ({
                href: `#${problem.field === RECHECK_FIELD ? 'action-recheck' : labels[problem.field!] ? problem.field : 'action-form'}`,
                text: problem.field === RECHECK_FIELD ? problem.message : (labels[problem.field!] ?? problem.message),
                code: problem.code,
              }))}
          />
          <p>{form.help}</p>
          <input type="hidden" name="reference" value={form.reference} />
          <input type="hidden" name="action" value={form.move} />
          <input type="hidden" name="expectedStatus" value={form.status} />
          <ActionFields
            move={form.move}
            items={form.items}
            text={form.text}
            riseText={form.riseText}
            priceColumn={form.priceColumn}
            grades={form.grades}
            errors={Object.fromEntries(
              problems.flatMap((problem) =>
                problem.field
                  ? [[problem.field, OWN_WORDS.has(problem.code) ? problem.message : form.text.invalid]]
                  : [],
              ),
            )}
            typed={staff.state.typed}
            policeReference={form.policeReference}
            checkText={form.checkText}
          />
          {form.move === 'pay' && (form.recheckNeeded || recheck) ? (
            <RecheckField text={form.text} id="action-recheck" error={recheckError(recheck)} />
          ) : null}
          <button type="submit" className="button button--primary" aria-disabled={staff.sending || undefined}>
            {form.text.confirm}
          </button>
        </form>
      ) : null}
    </>
  )
}

/**
 * A manager's request to see the bank details: a form post, never a link, so that only the
 * manager's own click records a reveal. Past a few minutes it asks for the password again.
 */
export function RevealForm({
  reference,
  text,
  recheckNeeded,
}: {
  reference: string
  text: AdminCopy
  recheckNeeded: boolean
}) {
  const staff = useStaffForm()
  const { notice, noticeRef, recheck } = staff
  return (
    <form {...staff.form} className="admin-reveal-form">
      <Notice problem={notice} ref={noticeRef} />
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value="reveal" />
      {recheckNeeded || recheck ? <RecheckField text={text} id="reveal-recheck" error={recheckError(recheck)} /> : null}
      <button type="submit" className="button button--secondary" aria-disabled={staff.sending || undefined}>
        {text.reveal}
      </button>
    </form>
  )
}

/**
 * Posting back the devices a seller declined in an order otherwise accepted (`devices`, by name, the
 * ones not yet posted): their tracking number, checked by the return move's rules here first; the
 * seller is e-mailed it. With none left, it only says why a second post changed nothing.
 */
export function ReturnDeclinedForm({
  reference,
  devices,
  text,
  summaryTitle,
}: {
  reference: string
  devices: string[]
  text: AdminCopy
  summaryTitle: string
}) {
  const staff = useStaffForm((body) => {
    const parsed = parseReturnDeclined(body)
    return parsed.ok ? [] : parsed.errors.map((error) => ({ ...error, message: text.invalid }))
  })
  const { problems, notice, noticeRef } = staff
  const error = problems.some((problem) => problem.field === 'tracking') ? text.invalid : null
  // All posted already: only what a second post was told, if anything.
  if (!devices.length) return <Notice problem={notice} ref={noticeRef} />
  return (
    <form
      id="return-declined"
      {...staff.form}
      className="admin-action-form"
      aria-labelledby="return-declined-heading"
      noValidate
    >
      <h3 id="return-declined-heading">{text.returnDeclined}</h3>
      <Notice problem={notice} ref={noticeRef} />
      <ErrorSummary
        title={summaryTitle}
        autoFocus={!notice && problems.length > 0}
        errors={problems
          .filter((problem) => problem.field === 'tracking')
          .map((problem) => ({ href: '#declined-tracking', text: text.tracking, code: problem.code }))}
      />
      <ul>
        {devices.map((device, index) => (
          <li key={index}>{device}</li>
        ))}
      </ul>
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="action" value={RETURN_DECLINED.action} />
      <FormField
        name="tracking"
        id="declined-tracking"
        label={text.tracking}
        error={error}
        defaultValue={staff.state.typed.tracking ?? ''}
        short
        code
      />
      <button type="submit" className="button button--primary" aria-disabled={staff.sending || undefined}>
        {text.returnDeclined}
      </button>
    </form>
  )
}
