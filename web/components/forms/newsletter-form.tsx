'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { NewsletterContent } from '@/content/types'
import { FRESH_FORM } from '@/forms/form-state'
import { subscribe } from '@/subscriptions/form-actions'
import { ContentLink } from '../ui/content-link'
import { ActionForm } from './action-form'
import { EmailRow, FormStatusLine, problemIn, statusOf } from './email-signup-parts'
import { FieldMessage } from './field-message'
import { Honeypot } from './honeypot'

const FIELDS = ['email', 'consent'] as const

/**
 * The newsletter sign-up, with the editor's words. It posts to a server action, which checks it
 * and answers in the content's words; with scripts the answer arrives in place, without them it
 * comes back in the page. The answer keeps what was typed when the sign-up was not taken (React
 * resets a form after its action, to the fields' default values, which are what was typed).
 */
export function NewsletterForm({ copy }: { copy: Omit<NewsletterContent, 'heading' | 'text'> }) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const consentRef = useRef<HTMLInputElement>(null)
  const [answer, action, pending] = useActionState(subscribe, FRESH_FORM)
  const typed = answer.typed

  const emailError = problemIn(answer, 'email')
  const consentError = problemIn(answer, 'consent')
  // Where a browser running no scripts puts the focus (and the view) when the page comes back.
  const focusOnLoad = answer.sent === 0 ? null : emailError ? 'email' : consentError ? 'consent' : 'status'

  useEffect(() => {
    const first = answer.problems[0]?.field
    if (first === 'email') emailRef.current?.focus()
    else if (first === 'consent') consentRef.current?.focus()
  }, [answer])

  const { status, text } = statusOf(answer, pending, FIELDS, copy.sendingMessage)

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
      <FormStatusLine status={status} text={text} focus={focusOnLoad === 'status'} />
    </ActionForm>
  )
}
