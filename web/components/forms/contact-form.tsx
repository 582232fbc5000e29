'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { PageSection } from '@/content/types'
import { sendContactMessage } from '@/contact/form-actions'
import { FRESH_FORM } from '@/forms/form-state'
import { LIMITS } from '@/forms/limits'
import { ErrorSummary } from './error-summary'
import { ActionForm } from './action-form'
import { FormStatusLine, problemIn, statusOf } from './email-signup-parts'
import { FieldMessage } from './field-message'
import { Honeypot } from './honeypot'

type Copy = Extract<PageSection, { _type: 'contactFormSection' }>
type Field = 'name' | 'email' | 'phone' | 'message'
const FIELDS: Field[] = ['name', 'email', 'phone', 'message']

/**
 * The contact form, with the editor's words. It posts to a server action, which checks it and
 * answers in the words of this form's section; with scripts the answer arrives in place, without them it comes back in
 * the page. The fields are the browser's own (React resets them after the action to their default
 * values: what was typed when the message was not taken), so text typed before the page's scripts
 * have run is kept.
 */
export function ContactForm({ copy }: { copy: Copy }) {
  const id = useId()
  const [answer, action, pending] = useActionState(sendContactMessage, FRESH_FORM)
  const typed = answer.typed
  const summaryRef = useRef<HTMLDivElement>(null)

  // Each new set of problems moves the focus to their summary, as on the site's other forms.
  useEffect(() => {
    if (answer.problems.some((problem) => FIELDS.includes(problem.field as Field))) summaryRef.current?.focus()
  }, [answer])

  const field = (name: Field) => {
    const error = problemIn(answer, name)
    return {
      id: `${id}-${name}`,
      name,
      defaultValue: typed[name] ?? '',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      error,
    }
  }
  const { error: nameError, ...nameProps } = field('name')
  const { error: emailError, ...emailProps } = field('email')
  const { error: phoneError, ...phoneProps } = field('phone')
  const { error: messageError, ...messageProps } = field('message')

  const summary = FIELDS.flatMap((name) => {
    const text = problemIn(answer, name)
    return text ? [{ href: `#${id}-${name}`, text }] : []
  })
  const { status, text } = statusOf(answer, pending, FIELDS, copy.sendingMessage)
  // Where a browser running no scripts puts the focus (and the view) when the page comes back:
  // the problems' summary, or the message.
  const focusStatus = answer.sent > 0 && !summary.length

  return (
    <ActionForm className="contact-form" action={action} pending={pending}>
      <ErrorSummary ref={summaryRef} title={copy.errorSummaryTitle} errors={summary} autoFocus={summary.length > 0} />
      <div className="field">
        <label htmlFor={nameProps.id}>{copy.nameLabel}</label>
        <input {...nameProps} type="text" autoComplete="name" maxLength={LIMITS.name} />
        <FieldMessage id={`${nameProps.id}-error`} message={nameError} />
      </div>
      <div className="field">
        <label htmlFor={emailProps.id}>{copy.emailLabel}</label>
        <input {...emailProps} type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} />
        <FieldMessage id={`${emailProps.id}-error`} message={emailError} />
      </div>
      <div className="field">
        <label htmlFor={phoneProps.id}>
          {copy.phoneLabel} <span className="field__optional">{copy.optionalLabel}</span>
        </label>
        <input {...phoneProps} type="tel" autoComplete="tel" inputMode="tel" maxLength={LIMITS.phone} />
        <FieldMessage id={`${phoneProps.id}-error`} message={phoneError} />
      </div>
      <div className="field">
        <label htmlFor={messageProps.id}>{copy.messageLabel}</label>
        <textarea {...messageProps} rows={6} maxLength={LIMITS.message} />
        <FieldMessage id={`${messageProps.id}-error`} message={messageError} />
      </div>
      <input type="hidden" name="section" value={copy._key} />
      <Honeypot />
      <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
        {copy.buttonLabel}
      </button>
      <FormStatusLine status={status} text={text} focus={focusStatus} />
    </ActionForm>
  )
}
