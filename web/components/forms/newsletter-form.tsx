'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { NewsletterContent } from '@/content/types'
import { subscribe } from '@/subscriptions/form-actions'
import { NO_ANSWER } from '@/forms/form-answer'
import { ContentLink } from '../ui/content-link'
import { ActionForm } from './action-form'
import { EmailRow, FormStatusLine } from './email-signup-parts'
import { FieldMessage } from './field-message'
import { Honeypot } from './honeypot'

/**
 * The newsletter sign-up, with the editor's words. It posts to a server action, which checks it
 * and answers; with scripts the answer arrives in place, without them it comes back in the page.
 * The answer keeps what was typed when the sign-up was not taken (React resets a form after its
 * action, to the fields' default values, which are what was typed).
 */
export function NewsletterForm({ copy }: { copy: Omit<NewsletterContent, 'heading' | 'text'> }) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const consentRef = useRef<HTMLInputElement>(null)
  const [answer, action, pending] = useActionState(subscribe, NO_ANSWER)
  const errors = answer.errors ?? []
  const typed = answer.typed ?? {}

  const emailError = errors.some((e) => e.field === 'email') ? copy.invalidEmailMessage : undefined
  const consentError = errors.some((e) => e.field === 'consent') ? copy.consentRequiredMessage : undefined
  // Where a browser running no scripts puts the focus (and the view) when the page comes back.
  const focusOnLoad = answer.status === 'idle' ? null : emailError ? 'email' : consentError ? 'consent' : 'status'

  useEffect(() => {
    const first = answer.errors?.[0]?.field
    if (first === 'email') emailRef.current?.focus()
    else if (first === 'consent') consentRef.current?.focus()
  }, [answer])

  const messages = {
    idle: '',
    invalid: '',
    created: copy.successMessage,
    // Never sent now: a known address is answered as a new one (see signUpForNewsletter).
    duplicate: copy.successMessage,
    rate_limited: copy.rateLimitedMessage,
    failed: copy.errorMessage,
  }
  const status = pending ? 'sending' : answer.status

  return (
    <ActionForm className="newsletter__form" action={action} pending={pending}>
      <EmailRow
        id={id}
        inputRef={emailRef}
        label={copy.emailLabel}
        button={copy.buttonLabel}
        buttonClass="button--primary"
        placeholder={copy.emailPlaceholder ?? undefined}
        typed={typed.email ?? ''}
        error={emailError}
        focus={focusOnLoad === 'email'}
        pending={pending}
      />
      <div className="field field--check">
        <input
          ref={consentRef}
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          defaultChecked={typed.consent === 'on'}
          autoFocus={focusOnLoad === 'consent'}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${id}-consent-error` : undefined}
        />
        <label htmlFor={`${id}-consent`}>{copy.consentText}</label> <ContentLink link={copy.privacyLink} />
        <FieldMessage id={`${id}-consent-error`} message={consentError} />
      </div>
      <Honeypot />
      <FormStatusLine
        status={status}
        text={status === 'sending' ? copy.sendingMessage : messages[status]}
        focus={focusOnLoad === 'status'}
      />
    </ActionForm>
  )
}
