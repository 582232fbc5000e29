'use client'

import { useId, useState, type FormEvent } from 'react'
import type { PageSection } from '@/content/types'
import { LIMITS, validateContact } from '@/lib/forms/validation'
import { fillTemplate } from '@/lib/templates'
import { FieldMessage } from './field-message'
import { Honeypot } from './honeypot'
import { outcomeMessage, useFormSubmit } from './use-form-submit'

type Copy = Extract<PageSection, { _type: 'contactFormSection' }>
type Field = 'name' | 'email' | 'phone' | 'message'

const ENDPOINT = '/api/contact'
const EMPTY = { name: '', email: '', phone: '', message: '' }

/** The contact form: the same rules in the browser and on the server, the editor's words for every message. */
export function ContactForm({ copy }: { copy: Copy }) {
  const id = useId()
  const [values, setValues] = useState(EMPTY)
  const [website, setWebsite] = useState('')
  const { state, submit, reject } = useFormSubmit(ENDPOINT)
  const errors = state.status === 'invalid' ? state.errors : []

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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (state.status === 'sending') return
    const body = { ...values, ...(website ? { website } : {}) }
    const local = validateContact(body)
    const result = local.ok ? await submit(body) : reject(local.errors)
    if (result.status === 'invalid') {
      const first = result.errors.find((e) => e.field in EMPTY)
      if (first) document.getElementById(`${id}-${first.field}`)?.focus()
    }
    if (result.status === 'created') setValues(EMPTY)
  }

  const field = (name: Field) => {
    const error = messageFor(name)
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      error,
    }
  }
  const { error: nameError, ...nameProps } = field('name')
  const { error: emailError, ...emailProps } = field('email')
  const { error: phoneError, ...phoneProps } = field('phone')
  const { error: messageError, ...messageProps } = field('message')

  const outcome = outcomeMessage(state, {
    sending: copy.sendingMessage,
    created: copy.successMessage,
    duplicate: copy.successMessage,
    rate_limited: copy.rateLimitedMessage,
    failed: copy.errorMessage,
  })

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-busy={state.status === 'sending'}>
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
      <Honeypot value={website} onChange={setWebsite} />
      <button type="submit" className="button button--primary" aria-disabled={state.status === 'sending'}>
        {copy.buttonLabel}
      </button>
      <p className={`form-status form-status--${state.status}`} role="status" aria-live="polite">
        {outcome}
      </p>
    </form>
  )
}
