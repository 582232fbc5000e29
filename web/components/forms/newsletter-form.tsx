'use client'

import { useId, useRef, useState, type FormEvent } from 'react'
import type { NewsletterContent } from '@/content/types'
import type { FieldError } from '@/lib/forms/field-checks'
import { validateNewsletter } from '@/lib/forms/newsletter-validation'
import { ContentLink } from '../ui/content-link'
import { FieldMessage } from './field-message'
import { Honeypot } from './honeypot'
import { outcomeMessage, useFormSubmit } from './use-form-submit'

const ENDPOINT = '/api/newsletter'

/** The newsletter sign-up: checked in the browser, then again by the server, with the editor's words. */
export function NewsletterForm({ copy }: { copy: Omit<NewsletterContent, 'heading' | 'text'> }) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const consentRef = useRef<HTMLInputElement>(null)
  const [email, setEmail] = useState('')
  const [consent, setConsent] = useState(false)
  const [website, setWebsite] = useState('')
  const { state, submit, reject } = useFormSubmit(ENDPOINT)

  const errors = state.status === 'invalid' ? state.errors : []
  const emailError = errors.some((e) => e.field === 'email') ? copy.invalidEmailMessage : undefined
  const consentError = errors.some((e) => e.field === 'consent') ? copy.consentRequiredMessage : undefined

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (state.status === 'sending') return
    const body = { email, consent, ...(website ? { website } : {}) }
    const local = validateNewsletter(body)
    const result = local.ok ? await submit(body) : reject(local.errors)
    if (result.status === 'invalid') focusFirst(result.errors)
    if (result.status === 'created' || result.status === 'duplicate') {
      setEmail('')
      setConsent(false)
    }
  }

  function focusFirst(found: FieldError[]) {
    if (found.some((e) => e.field === 'email')) emailRef.current?.focus()
    else if (found.some((e) => e.field === 'consent')) consentRef.current?.focus()
  }

  const outcome = outcomeMessage(state, {
    sending: copy.sendingMessage,
    created: copy.successMessage,
    duplicate: copy.duplicateMessage,
    rate_limited: copy.rateLimitedMessage,
    failed: copy.errorMessage,
  })

  return (
    <form className="newsletter__form" noValidate onSubmit={onSubmit} aria-busy={state.status === 'sending'}>
      <div className="field">
        <label htmlFor={`${id}-email`}>{copy.emailLabel}</label>
        <div className="newsletter__row">
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={copy.emailPlaceholder ?? undefined}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            maxLength={254}
          />
          <button type="submit" className="button button--primary" aria-disabled={state.status === 'sending'}>
            {copy.buttonLabel}
          </button>
        </div>
        <FieldMessage id={`${id}-email-error`} message={emailError} />
      </div>
      <div className="field field--check">
        <input
          ref={consentRef}
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${id}-consent-error` : undefined}
        />
        <label htmlFor={`${id}-consent`}>{copy.consentText}</label> <ContentLink link={copy.privacyLink} />
        <FieldMessage id={`${id}-consent-error`} message={consentError} />
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      <p
        className={`form-status form-status--${state.status}`}
        role="status"
        aria-live="polite"
        data-testid="newsletter-status"
      >
        {outcome}
      </p>
    </form>
  )
}
