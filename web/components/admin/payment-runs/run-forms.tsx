'use client'

import { useActionState, useEffect, useRef } from 'react'
import type { OrderCopy } from '@/content/types'
import { FRESH_FORM } from '@/forms/form-state'
import { markRunForm } from '@/orders/payment-runs/payment-run-form'

type RunText = OrderCopy['admin']['payments']

function useMarkForm() {
  const [state, post, sending] = useActionState(markRunForm, FRESH_FORM)
  const ref = useRef<HTMLParagraphElement>(null)
  const problem = state.problems[0] ?? null
  useEffect(() => {
    if (state.sent && problem) ref.current?.focus()
  }, [state.sent, problem])
  return { state, post, sending, problem, ref }
}

/**
 * "Mark the run paid": every payment still waiting, in one post; a second click changes nothing.
 * With none waiting (`waiting` false) only what stopped a post is shown: it came back marked already.
 */
export function MarkPaidForm({ runId, text, waiting }: { runId: string; text: RunText; waiting: boolean }) {
  const { post, sending, problem, ref } = useMarkForm()
  const notice = problem ? (
    <p ref={ref} className="admin-notice admin-notice--problem" role="alert" tabIndex={-1} data-problem={problem.code}>
      {problem.message}
    </p>
  ) : null
  if (!waiting) return notice
  return (
    <form action={post} aria-busy={sending || undefined} className="admin-mark-paid">
      {notice}
      <p>{text.markPaidHelp}</p>
      <input type="hidden" name="run" value={runId} />
      <input type="hidden" name="mark" value="paid" />
      <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
        {text.markPaidButton}
      </button>
    </form>
  )
}

/** "Mark failed" for one payment, with the bank's reason. */
export function MarkFailedForm({
  runId,
  lineId,
  reference,
  text,
}: {
  runId: string
  lineId: number
  reference: string
  text: RunText
}) {
  const { state, post, sending, problem, ref } = useMarkForm()
  const field = `reason-${lineId}`
  const error = problem?.field === field ? problem.message : null
  return (
    <form
      action={post}
      aria-busy={sending || undefined}
      className="admin-mark-failed"
      aria-label={`${text.markFailedButton} ${reference}`}
    >
      {problem && !error ? (
        <p
          ref={ref}
          className="admin-notice admin-notice--problem"
          role="alert"
          tabIndex={-1}
          data-problem={problem.code}
        >
          {problem.message}
        </p>
      ) : null}
      <input type="hidden" name="run" value={runId} />
      <input type="hidden" name="mark" value="failed" />
      <input type="hidden" name="line" value={lineId} />
      <div className="field">
        <label htmlFor={field}>{text.failureReason}</label>
        {error ? (
          <p className="field__error" id={`${field}-error`}>
            {error}
          </p>
        ) : null}
        <input
          id={field}
          name="reason"
          maxLength={500}
          defaultValue={state.typed.reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field}-error` : undefined}
        />
      </div>
      <button type="submit" className="button" aria-disabled={sending || undefined}>
        {text.markFailedButton}
      </button>
    </form>
  )
}
