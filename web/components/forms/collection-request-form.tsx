'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { PageSection } from '@/content/types'
import { requestCollection } from '@/collections/form-actions'
import { COLLECTION_FIELDS, COLLECTION_LIMITS } from '@/collections/fields'
import { FRESH_FORM } from '@/forms/form-state'
import { LIMITS } from '@/forms/limits'
import { ErrorSummary } from './error-summary'
import { ActionForm } from './action-form'
import { FormStatusLine, problemIn, statusOf } from './email-signup-parts'
import { FieldMessage } from './field-message'
import { Honeypot } from './honeypot'

type Copy = Extract<PageSection, { _type: 'collectionRequestSection' }>
type Field = (typeof COLLECTION_FIELDS)[number]

// Each field's label, hint and input, in the words and limits of the section.
const INPUTS: Record<
  Field,
  {
    label: keyof Copy
    hint?: keyof Copy
    max: number
    kind: 'text' | 'email' | 'tel' | 'number' | 'area' | 'postcode'
    auto?: string
  }
> = {
  organisation: { label: 'organisationLabel', max: COLLECTION_LIMITS.organisation, kind: 'text', auto: 'organization' },
  contactName: { label: 'contactNameLabel', max: COLLECTION_LIMITS.contactName, kind: 'text', auto: 'name' },
  email: { label: 'emailLabel', max: LIMITS.email, kind: 'email', auto: 'email' },
  phone: { label: 'phoneLabel', max: COLLECTION_LIMITS.phone, kind: 'tel', auto: 'tel' },
  address: { label: 'addressLabel', max: COLLECTION_LIMITS.address, kind: 'area', auto: 'street-address' },
  postcode: { label: 'postcodeLabel', max: 10, kind: 'postcode', auto: 'postal-code' },
  deviceCount: { label: 'deviceCountLabel', hint: 'deviceCountHint', max: 6, kind: 'number' },
  devices: { label: 'devicesLabel', hint: 'devicesHint', max: COLLECTION_LIMITS.devices, kind: 'area' },
  preferredDates: {
    label: 'preferredDatesLabel',
    hint: 'preferredDatesHint',
    max: COLLECTION_LIMITS.preferredDates,
    kind: 'area',
  },
  sicCode: { label: 'sicCodeLabel', hint: 'sicCodeHint', max: COLLECTION_LIMITS.sicCode + 2, kind: 'number' },
}

/**
 * A business's request for a collection, with the editor's words. It posts to a server action,
 * which checks it and answers in the words of this form's section: with scripts in place, without
 * them in the page that comes back. What was typed comes back when the request was not taken.
 */
export function CollectionRequestForm({ copy }: { copy: Copy }) {
  const id = useId()
  const [answer, action, pending] = useActionState(requestCollection, FRESH_FORM)
  const summaryRef = useRef<HTMLDivElement>(null)
  const fields: readonly string[] = COLLECTION_FIELDS

  // Each new set of problems moves the focus to their summary, as on the site's other forms.
  useEffect(() => {
    if (answer.problems.some((problem) => fields.includes(problem.field ?? ''))) summaryRef.current?.focus()
  }, [answer, fields])

  const summary = COLLECTION_FIELDS.flatMap((name) => {
    const text = problemIn(answer, name)
    return text ? [{ href: `#${id}-${name}`, text }] : []
  })
  const { status, text } = statusOf(answer, pending, COLLECTION_FIELDS, copy.sendingMessage)
  const focusStatus = answer.sent > 0 && !summary.length

  return (
    <ActionForm className="contact-form" action={action} pending={pending}>
      <ErrorSummary ref={summaryRef} title={copy.errorSummaryTitle} errors={summary} autoFocus={summary.length > 0} />
      {COLLECTION_FIELDS.map((name) => {
        const input = INPUTS[name]
        const inputId = `${id}-${name}`
        const error = problemIn(answer, name)
        const hint = input.hint ? String(copy[input.hint]) : null
        const described = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ')
        const props = {
          id: inputId,
          name,
          defaultValue: answer.typed[name] ?? '',
          maxLength: input.max,
          autoComplete: input.auto,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        }
        return (
          <div className="field" key={name}>
            <label htmlFor={inputId}>{String(copy[input.label])}</label>
            {hint ? (
              <p id={`${inputId}-hint`} className="field__hint">
                {hint}
              </p>
            ) : null}
            {input.kind === 'area' ? (
              <textarea {...props} rows={name === 'devices' ? 6 : 3} />
            ) : (
              <input
                {...props}
                type={input.kind === 'number' || input.kind === 'postcode' ? 'text' : input.kind}
                inputMode={input.kind === 'number' ? 'numeric' : input.kind === 'tel' ? 'tel' : undefined}
              />
            )}
            <FieldMessage id={`${inputId}-error`} message={error} />
          </div>
        )
      })}
      <input type="hidden" name="section" value={copy._key} />
      <Honeypot />
      <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
        {copy.buttonLabel}
      </button>
      <FormStatusLine status={status} text={text} focus={focusStatus} />
    </ActionForm>
  )
}
