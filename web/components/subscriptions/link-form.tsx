'use client'

import { useActionState, useEffect, useRef } from 'react'
import type { LinkAnswer } from '@/subscriptions/form-actions'
import '@/styles/account.css'

type Props = {
  /** A server action: the form posts to it with scripts or without. */
  action: (previous: LinkAnswer, form: FormData) => Promise<LinkAnswer>
  /** What the e-mail's link carried, sent back with the button. */
  hidden: Record<string, string>
  text: string
  button: string
  words: { done: string; invalid: string; failed: string }
}

/**
 * A confirmation or unsubscribe page's one button. Opening the link changes nothing (a mail
 * scanner that follows links would otherwise confirm or unsubscribe for the person); the button
 * does, and its answer replaces the form, focused so that a screen reader reads it.
 */
export function LinkForm({ action, hidden, text, button, words }: Props) {
  const [answer, formAction, pending] = useActionState(action, { status: 'idle' })
  const notice = useRef<HTMLParagraphElement>(null)
  useEffect(() => notice.current?.focus(), [answer])
  if (answer.status === 'done' || answer.status === 'invalid') {
    return (
      <p
        ref={notice}
        className={`notice${answer.status === 'invalid' ? ' notice--problem' : ''}`}
        role="status"
        tabIndex={-1}
      >
        {answer.status === 'done' ? words.done : words.invalid}
      </p>
    )
  }
  return (
    <form action={formAction} className="account-form" aria-busy={pending || undefined}>
      {answer.status === 'failed' ? (
        <p ref={notice} className="notice notice--problem" role="alert" tabIndex={-1}>
          {words.failed}
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
