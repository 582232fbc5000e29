'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { PageSection } from '@/content/types'
import { sendContactMessage } from '@/contact/form-actions'
import { NO_ANSWER } from '@/forms/form-answer'
import { LIMITS } from '@/forms/limits'
import { fillTemplate } from '@/lib/templates'
import { ErrorSummary } from './error-summary'
import { ActionForm } from './action-form'
import { FieldMessage } from './field-message'
import { Honeypot } from './honeypot'

type Copy = Extract<PageSection, { _type: 'contactFormSection' }>
type Field = 'name' | 'email' | 'phone' | 'message'
const FIELDS: Field[] = ['name', 'email', 'phone', 'message']

/**
 * The contact form, with the editor's words for every message. It posts to a server action, which
 * checks it and answers; with scripts the answer arrives in place, without them it comes back in
 * the page. The fields are the browser's own (React resets them after the action to their default
 * values: what was typed when the message was not taken), so text typed before the page's scripts
 * have run is kept.
 */
export function ContactForm({ copy }: { copy: Copy }) {
  const id = useId()
  const [answer, action, pending] = useActionState(sendContactMessage, NO_ANSWER)
  const errors = answer.errors ?? []
  const typed = answer.typed ?? {}
  const summaryRef = useRef<HTMLDivElement>(null)

  // Each new set of problems moves the focus to their summary, as on the site's other forms.
  useEffect(() => {
    if (answer.errors?.some((e) => FIELDS.includes(e.field as Field))) summaryRef.current?.focus()
  }, [answer])

  const messageFor = (field: Field): string | undefined => {
    const found = errors.find((e) => e.field === field)
    if (!found) return undefined
    if (found.code === 'too_long') return fillTemplate(copy.tooLongMessage, { max: LIMITS[field] })
    if (found.code === 'invalid_characters' && field !== 'email') return copy.plainTextMessage
    return {
      name: copy.nameRequiredMessage,
      email: copy.emailInvalidMessage,
      phone: copy.phoneInvalidMessage,
      message: copy.messageRequiredMessage,
    }[field]
  }

  const field = (name: Field) => {
    const error = messageFor(name)
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

  const messages = {
    idle: '',
    invalid: '',
    created: copy.successMessage,
    duplicate: copy.successMessage,
    rate_limited: copy.rateLimitedMessage,
    failed: copy.errorMessage,
  }
  const summary = FIELDS.flatMap((name) => {
    const text = messageFor(name)
    return text ? [{ href: `#${id}-${name}`, text }] : []
  })
  // Where a browser running no scripts puts the focus (and the view) when the page comes back:
  // the problems' summary, or the message.
  const focusStatus = answer.status !== 'idle' && !summary.length

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
      <Honeypot />
      <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
        {copy.buttonLabel}
      </button>
      <p
        className={`form-status form-status--${pending ? 'sending' : answer.status}`}
        role="status"
        aria-live="polite"
        tabIndex={focusStatus ? -1 : undefined}
        autoFocus={focusStatus}
      >
        {pending ? copy.sendingMessage : messages[answer.status]}
      </p>
    </ActionForm>
  )
}
