import type { Ref } from 'react'
import type { FormState } from '@/forms/form-state'
import { FieldMessage } from './field-message'

type EmailRowProps = {
  /** The form's useId(): the field is `${id}-email`, its message `${id}-email-error`. */
  id: string
  inputRef: Ref<HTMLInputElement>
  label: string
  button: string
  /** The button's look: the strip's main action, or a page's second one. */
  buttonClass: 'button--primary' | 'button--secondary'
  placeholder?: string
  typed: string
  error: string | undefined
  /** Where a browser running no scripts puts the focus when the page comes back. */
  focus: boolean
  pending: boolean
}

/** An e-mail address field with its button on one row (stacked on a phone), and its problem under it. */
export function EmailRow({
  id,
  inputRef,
  label,
  button,
  buttonClass,
  placeholder,
  typed,
  error,
  focus,
  pending,
}: EmailRowProps) {
  return (
    <div className="field">
      <label htmlFor={`${id}-email`}>{label}</label>
      <div className="newsletter__row">
        <input
          ref={inputRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={placeholder}
          defaultValue={typed}
          autoFocus={focus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-email-error` : undefined}
          maxLength={254}
        />
        <button type="submit" className={`button ${buttonClass}`} aria-disabled={pending || undefined}>
          {button}
        </button>
      </div>
      <FieldMessage id={`${id}-email-error`} message={error} />
    </div>
  )
}

/** The answer's line under a sign-up form, read out when it changes; focused when it comes back with the page. */
export function FormStatusLine({ status, text, focus }: { status: string; text: string; focus: boolean }) {
  return (
    <p
      className={`form-status form-status--${status}`}
      role="status"
      aria-live="polite"
      tabIndex={focus ? -1 : undefined}
      autoFocus={focus}
    >
      {text}
    </p>
  )
}

/**
 * What a form that stays on its page says under it: that it is sending, the server's words that it
 * was taken, or a problem that belongs to none of the form's fields (those show under their field).
 */
export function statusOf(state: FormState<unknown>, pending: boolean, fields: readonly string[], sending: string) {
  if (pending) return { status: 'sending', text: sending }
  if (state.done) return { status: 'done', text: state.done }
  const general = state.problems.find((problem) => problem.field === null || !fields.includes(problem.field))
  return general ? { status: 'problem', text: general.message } : { status: 'idle', text: '' }
}

/** The words for a field's problem, if it has one. */
export function problemIn(state: FormState<unknown>, field: string): string | undefined {
  return state.problems.find((problem) => problem.field === field)?.message
}
