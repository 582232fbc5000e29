'use client'

import { useActionState, useEffect, useRef, type ReactNode } from 'react'
import { FRESH_FORM, type FormAction } from '@/forms/form-state'

type Props = {
  action: FormAction
  hidden?: Record<string, string>
  className?: string
  /** What the form shows above its button: a line of help, a field of its own. */
  children?: ReactNode
  submitLabel: string
  submitClass?: string
}

/**
 * A form that is mostly its button (sign out, send the link again, accept an offer): it posts to
 * its server action with scripts or without, like every page form, and shows the action's refusal,
 * in the content's words, above the button, where the focus moves to it.
 */
export function ButtonForm({ action, hidden = {}, className, children, submitLabel, submitClass }: Props) {
  const [state, post, sending] = useActionState(action, FRESH_FORM)
  const problemRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (state.problems.length) problemRef.current?.focus()
  }, [state])
  const problem = state.problems[0]
  return (
    <form
      className={className}
      action={post}
      onSubmit={(event) => sending && event.preventDefault()}
      aria-busy={sending || undefined}
    >
      {problem ? (
        <p ref={problemRef} className="notice notice--problem" role="alert" tabIndex={-1} data-problem={problem.code}>
          {problem.message}
        </p>
      ) : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={submitClass ?? 'button button--secondary'} aria-disabled={sending || undefined}>
        {submitLabel}
      </button>
    </form>
  )
}
