'use client'

import { FormField } from '@/components/admin/form-field'
import { useStaffForm } from '@/components/admin/staff-form-state'
import { collectionQuoteForm, collectionValueForm } from '@/collections/quote/quote-form'
import type { ContactInboxCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'

type Words = ContactInboxCopy['collections']

/** A refusal about the collection, not a box: said above the form, where the focus goes. */
export function Refusal({ message, code }: { message: string | null; code?: string }) {
  return message ? (
    <p
      className="admin-notice admin-notice--problem"
      role="alert"
      tabIndex={-1}
      autoFocus
      data-notice
      data-problem={code}
    >
      {message}
    </p>
  ) : null
}

type Device = { position: number; name: string; pounds: string; recycle: boolean; grade: string }
/** The catalogue's condition grades, best first: the key posted and the name shown. */
export type GradeChoice = { key: string; name: string }

/** One device's value: an amount in pounds, or recycle ticked, and the grade it is in. */
export function DeviceValueForm({
  id,
  copy,
  device,
  grades,
}: {
  id: string
  copy: Words
  device: Device
  grades: GradeChoice[]
}) {
  const staff = useStaffForm(undefined, collectionValueForm)
  const { problems } = staff
  const error = problems.find((problem) => problem.field === 'value')?.message ?? null
  const gradeError = problems.find((problem) => problem.field === 'grade')?.message ?? null
  const refusal = problems.find((problem) => problem.field === null)?.message ?? null
  const box = `device-value-${device.position}`
  return (
    <form {...staff.form} className="admin-action-form" noValidate>
      <Refusal message={refusal} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="position" value={device.position} />
      <FormField
        name="value"
        id={box}
        label={fillTemplate(copy.valueLabel, { device: device.name })}
        error={error}
        defaultValue={staff.state.typed.value ?? device.pounds}
        inputMode="decimal"
        short
        maxLength={12}
      />
      <div className="field field--check">
        <input type="checkbox" id={`${box}-recycle`} name="recycle" value="1" defaultChecked={device.recycle} />
        <label htmlFor={`${box}-recycle`}>{copy.recycleLabel}</label>
      </div>
      <FormField
        name="grade"
        id={`${box}-grade`}
        label={fillTemplate(copy.gradeLabel, { device: device.name })}
        error={gradeError}
        defaultValue={staff.state.typed.grade ?? device.grade}
        options={[
          { value: '', label: copy.gradeChoose },
          ...grades.map((grade) => ({ value: grade.key, label: grade.name })),
        ]}
      />
      <button type="submit" className="button button--secondary" aria-disabled={staff.sending || undefined}>
        {copy.saveValue}
      </button>
    </form>
  )
}

/** The one button that sends the quote; refused, why, above it. */
export function SendQuoteForm({ id, label }: { id: string; label: string }) {
  const staff = useStaffForm(undefined, collectionQuoteForm)
  const refusal = staff.problems[0] ?? null
  return (
    <form {...staff.form} className="admin-action-form" aria-label={label}>
      <Refusal message={refusal?.message ?? null} code={refusal?.code} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button" aria-disabled={staff.sending || undefined}>
        {label}
      </button>
    </form>
  )
}
