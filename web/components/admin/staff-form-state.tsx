'use client'

import { useRouter } from 'next/navigation'
import { useActionState, useEffect, useRef, useState, type FormEvent, type Ref } from 'react'
import { FRESH_FORM, type FormAction } from '@/forms/form-state'
import type { FieldProblem } from '@/lib/field-problem'
import { RECHECK_FIELD } from '@/orders/moves/admin-input'
import { staffForm } from '@/orders/actions/staff-form'

/** Problems that stop the whole form rather than one field: shown as a notice at its top. */
const NOTICES = new Set([
  'notAllowed',
  'invalid',
  'unavailable',
  'moved',
  'registerDown',
  'registerNotPassed',
  'payoutHeld',
  'nothingToReturn',
  'riseWaiting',
  'riseUnapproved',
  'ownRise',
  'nothingWaiting',
  'notReleasable',
  'notReturnable',
  'alreadyCleared',
  'alreadyChecked',
  'recheckDown',
  'notCheckable',
  'taken',
  'notYours',
  'notClaimed',
  'packsNone',
  'lockHeld',
  'freeOrder',
  'notFreeOrder',
  'notHeld',
  'notHoldable',
  'noDevices',
  'notErased',
  'gone',
  'recordedBefore',
  'notFrom',
])

/**
 * A staff form's state: the action's answer (or the problems the rules here found before sending),
 * and the focus moved to each new set of them: the notice, the summary, or the password asked for.
 * Someone else having moved the order redraws the page around the form, with the order as it is now.
 * `action` is the staff forms' server action unless the form is another room's (the register's).
 */
export function useStaffForm(
  check?: (body: Record<string, string>) => FieldProblem[],
  action: FormAction<never> = staffForm,
) {
  const [state, post, sending] = useActionState(action, FRESH_FORM)
  const [local, setLocal] = useState<{ problems: FieldProblem[]; count: number } | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const router = useRouter()
  const problems = local?.problems ?? state.problems
  const notice = problems.find((problem) => problem.field === null && NOTICES.has(problem.code)) ?? null
  const recheck = problems.find((problem) => problem.field === RECHECK_FIELD) ?? null

  useEffect(() => {
    if (!local?.count && !state.sent) return
    const form = formRef.current
    const target = notice
      ? noticeRef.current
      : recheck?.code === 'recheckNeeded'
        ? form?.querySelector<HTMLElement>('input[type="password"]')
        : form?.querySelector<HTMLElement>('.error-summary')
    target?.focus()
    // Focus follows each new answer only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [local?.count, state.sent])

  useEffect(() => {
    if (state.problems.some((problem) => problem.code === 'moved')) router.refresh()
  }, [state, router])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (sending) return event.preventDefault()
    if (!check) return
    const body = Object.fromEntries([...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]))
    const found = check(body)
    if (!found.length) return setLocal(null)
    event.preventDefault()
    setLocal((previous) => ({ problems: found, count: (previous?.count ?? 0) + 1 }))
  }

  const form = { ref: formRef, action: post, onSubmit, 'aria-busy': sending || undefined }
  return { state, problems, notice, noticeRef, recheck, form, sending }
}

export function Notice({ problem, ref }: { problem: FieldProblem | null; ref: Ref<HTMLParagraphElement> }) {
  if (!problem) return null
  return (
    <p
      ref={ref}
      className="admin-notice admin-notice--problem"
      role="alert"
      tabIndex={-1}
      data-notice
      data-problem={problem.code}
    >
      {problem.message}
    </p>
  )
}

/** The password's problem for its field: wrong, or too many tries; asking for it is not a problem. */
export const recheckError = (problem: FieldProblem | null) =>
  problem && problem.code !== 'recheckNeeded' ? problem.message : null
