'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { SubscriptionCopy } from '@/content/types'
import { NO_ANSWER } from '@/forms/form-answer'
import { fillTemplate } from '@/lib/templates'
import { askForPriceAlert } from '@/subscriptions/form-actions'
import { ActionForm } from '../forms/action-form'
import { FieldMessage } from '../forms/field-message'
import { Honeypot } from '../forms/honeypot'

type Props = { modelId: string; modelName: string; copy: SubscriptionCopy['alertForm'] }

/**
 * "Tell me when the price rises", on a model's page (which stays static: the form holds nothing
 * of the visitor's until they send it). It posts to a server action, so it works without scripts;
 * the answer is the same for an address that already has the alert.
 */
export function PriceAlertForm({ modelId, modelName, copy }: Props) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const [answer, action, pending] = useActionState(askForPriceAlert, NO_ANSWER)
  const typed = answer.typed ?? {}
  const emailError = answer.errors?.some((e) => e.field === 'email') ? copy.invalidEmailMessage : undefined
  const focusOnLoad = answer.status === 'idle' ? null : emailError ? 'email' : 'status'

  useEffect(() => {
    if (answer.errors?.some((e) => e.field === 'email')) emailRef.current?.focus()
  }, [answer])

  const messages: Record<typeof answer.status, string> = {
    idle: '',
    invalid: answer.errors?.some((e) => e.field === 'model') ? copy.errorMessage : '',
    created: copy.successMessage,
    duplicate: copy.successMessage,
    rate_limited: copy.rateLimitedMessage,
    failed: copy.errorMessage,
  }
  const status = pending ? 'sending' : answer.status

  return (
    <section className="section price-alert" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.heading}</h2>
      <p>{fillTemplate(copy.text, { model: modelName })}</p>
      <ActionForm className="price-alert__form" action={action} pending={pending}>
        <input type="hidden" name="model" value={modelId} />
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
              defaultValue={typed.email ?? ''}
              autoFocus={focusOnLoad === 'email'}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              maxLength={254}
            />
            <button type="submit" className="button button--secondary" aria-disabled={pending || undefined}>
              {copy.buttonLabel}
            </button>
          </div>
          <FieldMessage id={`${id}-email-error`} message={emailError} />
        </div>
        <Honeypot />
        <p
          className={`form-status form-status--${status}`}
          role="status"
          aria-live="polite"
          tabIndex={focusOnLoad === 'status' ? -1 : undefined}
          autoFocus={focusOnLoad === 'status'}
        >
          {status === 'sending' ? copy.sendingMessage : messages[status]}
        </p>
      </ActionForm>
    </section>
  )
}
