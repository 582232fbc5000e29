'use client'

import { useActionState } from 'react'
import { FieldMessage } from '@/components/forms/field-message'
import { FRESH_FORM } from '@/forms/form-state'
import { parcelForm } from '@/orders/goods-in/goods-in-actions'

type Words = {
  joinLabel: string
  joinButton: string
  returnLabel: string
  returnButton: string
}

/**
 * An unmatched parcel's two ways out: joined to its order (typed by reference; the order is
 * received) or marked returned with how. Someone closing it first is told, in a notice at the top.
 */
export function ParcelForms({ parcelId, code, words }: { parcelId: string; code: string; words: Words }) {
  return (
    <div className="goods-in-parcel-forms">
      <ParcelForm parcelId={parcelId} code={code} action="join" label={words.joinLabel} button={words.joinButton} />
      <ParcelForm
        parcelId={parcelId}
        code={code}
        action="return"
        label={words.returnLabel}
        button={words.returnButton}
      />
    </div>
  )
}

function ParcelForm({
  parcelId,
  code,
  action,
  label,
  button,
}: {
  parcelId: string
  code: string
  action: 'join' | 'return'
  label: string
  button: string
}) {
  const [state, post] = useActionState(parcelForm, FRESH_FORM)
  const name = action === 'join' ? 'reference' : 'note'
  const id = `${action}-${parcelId}`
  const fieldProblem = state.problems.find((found) => found.field === name)?.message ?? null
  const notice = state.problems.find((found) => found.field === null)?.message ?? null
  return (
    <form action={post} className="admin-action-form" aria-label={`${button}: ${code}`} noValidate>
      {notice ? (
        <p className="admin-notice admin-notice--problem" role="alert">
          {notice}
        </p>
      ) : null}
      <input type="hidden" name="parcel" value={parcelId} />
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="action" value={action} />
      <div className={action === 'join' ? 'field field--code' : 'field'}>
        <label htmlFor={id}>{label}</label>
        <FieldMessage id={`${id}-error`} message={fieldProblem ?? undefined} />
        <input
          id={id}
          name={name}
          type="text"
          autoComplete="off"
          defaultValue={state.typed[name] ?? ''}
          aria-invalid={fieldProblem ? true : undefined}
          aria-describedby={fieldProblem ? `${id}-error` : undefined}
        />
      </div>
      <button type="submit" className={action === 'join' ? 'button button--primary' : 'button button--secondary'}>
        {button}
      </button>
    </form>
  )
}
