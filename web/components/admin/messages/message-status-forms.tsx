'use client'

import { useRouter } from 'next/navigation'
import { useActionState, useEffect, useRef, type FormEvent } from 'react'
import { contactStatusForm } from '@/contact/staff-form'
import { FRESH_FORM } from '@/forms/form-state'

type Props = {
  id: string
  /** The status the page shows: a change is made only from it. */
  status: string
  moves: Array<{ to: string; label: string }>
}

/**
 * A button per status the message can move to, each its own small form posting to the staff
 * action, with scripts or without. What stopped a change is a notice above them that takes the
 * focus; when someone else changed the message first, the page around it is drawn again.
 */
export function MessageStatusForms({ id, status, moves }: Props) {
  const [state, post, sending] = useActionState(contactStatusForm, FRESH_FORM)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const router = useRouter()
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
    <>
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
      <ul className="admin-actions">
        {moves.map((move) => (
          <li key={move.to}>
            <form action={post} onSubmit={onSubmit} aria-busy={sending || undefined}>
              <input type="hidden" name="id" value={id} />
              <input type="hidden" name="expectedStatus" value={status} />
              <input type="hidden" name="status" value={move.to} />
              <button type="submit" className="button button--secondary" aria-disabled={sending || undefined}>
                {move.label}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </>
  )
}
