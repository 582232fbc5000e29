'use client'

import { useActionState, useEffect, useRef } from 'react'
import { FRESH_FORM, type FormAction } from '@/forms/form-state'
import '@/styles/account.css'

type Props = {
  /** A server action: the form posts to it with scripts or without. */
  action: FormAction
  /** What the e-mail's link carried, sent back with the button. */
  hidden: Record<string, string>
  text: string
  button: string
}

/**
 * A confirmation or unsubscribe page's one button. Opening the link changes nothing (a mail
 * scanner that follows links would otherwise confirm or unsubscribe for the person); the button
 * does, and its answer, in the content's words, replaces the form, focused so that a screen reader
 * reads it. A link that turned out to be no good replaces it too; a failure leaves the button to
 * press again.
 */
export function LinkForm({ action, hidden, text, button }: Props) {
  const [answer, formAction, pending] = useActionState(action, FRESH_FORM)
  const notice = useRef<HTMLParagraphElement>(null)
  useEffect(() => notice.current?.focus(), [answer])
  const problem = answer.problems[0]
  if (answer.done || problem?.code === 'linkInvalid') {
    return (
      <p ref={notice} className={`notice${problem ? ' notice--problem' : ''}`} role="status" tabIndex={-1}>
        {answer.done ?? problem?.message}
      </p>
    )
  }
  return (
    <form action={formAction} className="account-form" aria-busy={pending || undefined}>
      {problem ? (
        <p ref={notice} className="notice notice--problem" role="alert" tabIndex={-1}>
          {problem.message}
        </p>
      ) : null}
      <p>{text}</p>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
        {button}
      </button>
    </form>
  )
}
