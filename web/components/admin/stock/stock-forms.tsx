'use client'

import { ErrorSummary } from '@/components/forms/error-summary'
import { FieldMessage } from '@/components/forms/field-message'
import { FormField } from '@/components/admin/form-field'
import { Notice, useStaffForm } from '@/components/admin/staff-form-state'
import type { OrderCopy } from '@/content/types'
import { stockForm } from '@/stock/stock-actions'
import type { MoveAction } from '@/stock/stock-input'

type StockCopy = OrderCopy['stock']
type Device = { id: string; number: number; state: string }
type Field = { name: string; label: string; short?: boolean; inputMode?: 'decimal' }

/**
 * One move of a device: its fields (none for listing), its button, and, refused, why: a field left
 * empty (the summary links to it), or a notice (not erased yet, or someone moved it first). Posts
 * with scripts or without.
 */
export function MoveForm({
  device,
  action,
  heading,
  fields,
  button,
  summaryTitle,
}: {
  device: Device
  action: MoveAction
  /** A heading over the form, which also names it; a one-button form is named by its button. */
  heading?: string
  fields: Field[]
  button: string
  summaryTitle: string
}) {
  const staff = useStaffForm(undefined, stockForm)
  const { problems, notice, noticeRef } = staff
  const id = (name: string) => `${action}-${name}`
  const errorOf = (name: string) => problems.find((problem) => problem.field === name)?.message ?? null
  const headingId = `${action}-heading`
  return (
    <form
      {...staff.form}
      className="admin-action-form"
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : button}
      noValidate
    >
      {heading ? <h3 id={headingId}>{heading}</h3> : null}
      <Notice problem={notice} ref={noticeRef} />
      <ErrorSummary
        title={summaryTitle}
        autoFocus={!notice && problems.length > 0}
        errors={fields.flatMap((field) => {
          const message = errorOf(field.name)
          return message ? [{ href: `#${id(field.name)}`, text: message }] : []
        })}
      />
      <input type="hidden" name="device" value={device.id} />
      <input type="hidden" name="number" value={device.number} />
      <input type="hidden" name="seen" value={device.state} />
      <input type="hidden" name="action" value={action} />
      {fields.map((field) => (
        <FormField
          key={field.name}
          name={field.name}
          id={id(field.name)}
          label={field.label}
          error={errorOf(field.name)}
          defaultValue={staff.state.typed[field.name] ?? ''}
          short={field.short}
          inputMode={field.inputMode}
        />
      ))}
      <button type="submit" className="button button--secondary" aria-disabled={staff.sending || undefined}>
        {button}
      </button>
    </form>
  )
}

/** An erasure typed from the tool's screen: every fact a certificate gives. */
export function ErasureForm({ device, text, summaryTitle }: { device: Device; text: StockCopy; summaryTitle: string }) {
  const staff = useStaffForm(undefined, stockForm)
  const { problems, notice, noticeRef } = staff
  const typed = staff.state.typed
  const errorOf = (name: string) => problems.find((problem) => problem.field === name)?.message ?? null
  const labels: Record<string, string> = {
    tool: text.toolLabel,
    toolVersion: text.toolVersionLabel,
    reportId: text.reportIdLabel,
    operator: text.operatorLabel,
    erasedAt: text.erasedAtLabel,
    mediaType: text.mediaTypeLabel,
    level: text.levelLabel,
    technique: text.techniqueLabel,
    verification: text.verificationLabel,
    result: text.resultLabel,
  }
  const field = (name: string) => `erasure-${name}`
  const erasedAtError = errorOf('erasedAt')
  return (
    <form {...staff.form} className="admin-action-form" aria-labelledby="erasure-heading" noValidate>
      <h3 id="erasure-heading">{text.erasureHeading}</h3>
      <p>{text.erasureHelp}</p>
      <Notice problem={notice} ref={noticeRef} />
      <ErrorSummary
        title={summaryTitle}
        autoFocus={!notice && problems.length > 0}
        errors={Object.keys(labels).flatMap((name) => {
          const message = errorOf(name)
          return message ? [{ href: `#${field(name)}`, text: `${labels[name]}: ${message}` }] : []
        })}
      />
      <input type="hidden" name="device" value={device.id} />
      <input type="hidden" name="number" value={device.number} />
      <input type="hidden" name="action" value="erasure" />
      {(['tool', 'toolVersion', 'reportId', 'operator'] as const).map((name) => (
        <FormField
          key={name}
          name={name}
          id={field(name)}
          label={labels[name]!}
          error={errorOf(name)}
          defaultValue={typed[name] ?? ''}
        />
      ))}
      <div className="field">
        <label htmlFor={field('erasedAt')}>{text.erasedAtLabel}</label>
        <FieldMessage id={`${field('erasedAt')}-error`} message={erasedAtError ?? undefined} />
        <input
          id={field('erasedAt')}
          name="erasedAt"
          type="datetime-local"
          defaultValue={typed.erasedAt ?? ''}
          aria-invalid={erasedAtError ? true : undefined}
          aria-describedby={erasedAtError ? `${field('erasedAt')}-error` : undefined}
        />
      </div>
      <FormField
        name="mediaType"
        id={field('mediaType')}
        label={text.mediaTypeLabel}
        error={errorOf('mediaType')}
        defaultValue={typed.mediaType ?? ''}
      />
      <FormField
        name="level"
        id={field('level')}
        label={text.levelLabel}
        error={errorOf('level')}
        defaultValue={typed.level ?? 'purge'}
        options={[
          { value: 'clear', label: text.levelClear },
          { value: 'purge', label: text.levelPurge },
          { value: 'destroy', label: text.levelDestroy },
        ]}
      />
      {(['technique', 'verification'] as const).map((name) => (
        <FormField
          key={name}
          name={name}
          id={field(name)}
          label={labels[name]!}
          error={errorOf(name)}
          defaultValue={typed[name] ?? ''}
        />
      ))}
      <FormField
        name="result"
        id={field('result')}
        label={text.resultLabel}
        error={errorOf('result')}
        defaultValue={typed.result ?? 'passed'}
        options={[
          { value: 'passed', label: text.resultPassed },
          { value: 'failed', label: text.resultFailed },
        ]}
      />
      <button type="submit" className="button button--primary" aria-disabled={staff.sending || undefined}>
        {text.erasureButton}
      </button>
    </form>
  )
}
