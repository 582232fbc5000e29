'use client'

import { useRouter } from 'next/navigation'
import { useActionState, useEffect, useId, useRef, type FormEvent } from 'react'
import { collectionMoveForm } from '@/collections/staff-form'
import { FRESH_FORM } from '@/forms/form-state'

type Props = {
  id: string
  /** The status the page shows: a move is made only from it. */
  status: string
  reasonLabel: string
  moves: Array<{ to: string; label: string }>
}

/**
 * One form: the reason, kept in the history, and a button per status the request can move to,
 * posted to the staff action with scripts or without. What stopped a move is a notice above it
 * that takes the focus; when someone else moved the request first, the page is drawn again.
 */
export function CollectionMoveForms({ id, status, reasonLabel, moves }: Props) {
  const [state, post, sending] = useActionState(collectionMoveForm, FRESH_FORM)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const router = useRouter()
  const reasonId = useId()
  const notice = state.problems[0] ?? null

  useEffect(() => {
    if (state.sent) noticeRef.current?.focus()
  }, [state.sent])

  useEffect(() => {
    if (state.problems.some((problem) => problem.code === 'moved')) router.refresh()
  }, [state, router])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sending) event.preventDefault()
  }

  return (
    <form action={post} onSubmit={onSubmit} aria-busy={sending || undefined}>
      {notice ? (
        <p
          ref={noticeRef}
          className="admin-notice admin-notice--problem"
          role="alert"
          tabIndex={-1}
          // A browser running no scripts gets the page back with the notice: it takes the focus there too.
          autoFocus
          data-notice
          data-problem={notice.code}
        >
          {notice.message}
        </p>
      ) : null}
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="expectedStatus" value={status} />
      <div className="field">
        <label htmlFor={reasonId}>{reasonLabel}</label>
        <input id={reasonId} name="reason" type="text" maxLength={500} defaultValue={state.typed.reason ?? ''} />
      </div>
      <ul className="admin-actions">
        {moves.map((move) => (
          <li key={move.to}>
            <button
              type="submit"
              name="status"
              value={move.to}
              className="button button--secondary"
              aria-disabled={sending || undefined}
            >
              {move.label}
            </button>
          </li>
        ))}
      </ul>
    </form>
  )
}
