'use client'

import { ErrorSummary } from '@/components/forms/error-summary'
import { FieldMessage } from '@/components/forms/field-message'
import { FormField } from '@/components/admin/form-field'
import { useStaffForm } from '@/components/admin/staff-form-state'
import { collectionDevicesForm } from '@/collections/devices-form'
import type { ContactInboxCopy } from '@/content/types'

type Words = ContactInboxCopy['collections']

/** A refusal that is about the collection, not a box: said above the form, where the focus goes. */
function Refusal({ message }: { message: string | null }) {
  return message ? (
    <p className="admin-notice admin-notice--problem" role="alert" tabIndex={-1} autoFocus data-notice>
      {message}
    </p>
  ) : null
}

/** One device in three boxes: make, model and IMEI (or serial). */
export function AddDeviceForm({ id, copy }: { id: string; copy: Words }) {
  const staff = useStaffForm(undefined, collectionDevicesForm)
  const { problems } = staff
  const error = problems.find((problem) => problem.field === 'imei')?.message ?? null
  const refusal = problems.find((problem) => problem.field === null)?.message ?? null
  const typed = staff.state.typed
  return (
    <form {...staff.form} className="admin-action-form" aria-labelledby="device-one-heading" noValidate>
      <h3 id="device-one-heading">{copy.addOneHeading}</h3>
      <Refusal message={refusal} />
      <ErrorSummary
        title={copy.problemsTitle}
        autoFocus={!refusal && !!error}
        errors={error ? [{ href: '#device-one-imei', text: error }] : []}
      />
      <input type="hidden" name="id" value={id} />
      <FormField name="make" id="device-one-make" label={copy.makeLabel} error={null} defaultValue={typed.make ?? ''} />
      <FormField
        name="model"
        id="device-one-model"
        label={copy.modelLabel}
        error={null}
        defaultValue={typed.model ?? ''}
      />
      <FormField
        name="imei"
        id="device-one-imei"
        label={copy.imeiLabel}
        error={error}
        defaultValue={typed.imei ?? ''}
        code
        maxLength={40}
      />
      <button type="submit" className="button button--secondary" aria-disabled={staff.sending || undefined}>
        {copy.addOne}
      </button>
    </form>
  )
}

/** A list pasted from a spreadsheet or typed, one device a line. */
export function AddDeviceListForm({ id, copy }: { id: string; copy: Words }) {
  const staff = useStaffForm(undefined, collectionDevicesForm)
  const { problems } = staff
  const error = problems.find((problem) => problem.field === 'list')?.message ?? null
  const refusal = problems.find((problem) => problem.field === null)?.message ?? null
  return (
    <form {...staff.form} className="admin-action-form" aria-labelledby="device-list-heading" noValidate>
      <h3 id="device-list-heading">{copy.pasteHeading}</h3>
      <Refusal message={refusal} />
      <ErrorSummary
        title={copy.problemsTitle}
        autoFocus={!refusal && !!error}
        errors={error ? [{ href: '#device-list', text: error }] : []}
      />
      <input type="hidden" name="id" value={id} />
      <div className="field">
        <label htmlFor="device-list">{copy.pasteLabel}</label>
        <p id="device-list-hint" className="field__hint">
          {copy.pasteHint}
        </p>
        <FieldMessage id="device-list-error" message={error ?? undefined} />
        <textarea
          id="device-list"
          name="list"
          rows={10}
          spellCheck={false}
          defaultValue={staff.state.typed.list ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={['device-list-hint', error ? 'device-list-error' : null].filter(Boolean).join(' ')}
        />
      </div>
      <button type="submit" className="button button--secondary" aria-disabled={staff.sending || undefined}>
        {copy.pasteSubmit}
      </button>
    </form>
  )
}
