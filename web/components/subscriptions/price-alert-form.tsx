'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { SubscriptionCopy } from '@/content/types'
import { NO_ANSWER } from '@/forms/form-answer'
import { fillTemplate } from '@/lib/templates'
import { askForPriceAlert } from '@/subscriptions/form-actions'
import { ActionForm } from '../forms/action-form'
import { EmailRow, FormStatusLine } from '../forms/email-signup-parts'
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
    invalid: answer.errors?.some((e) => e.field === 'model') ? copy.unknownModelMessage : '',
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
        <EmailRow
          id={id}
          inputRef={emailRef}
          label={copy.emailLabel}
          button={copy.buttonLabel}
          buttonClass="button--secondary"
          typed={typed.email ?? ''}
          error={emailError}
          focus={focusOnLoad === 'email'}
          pending={pending}
        />
        <Honeypot />
        <FormStatusLine
          status={status}
          text={status === 'sending' ? copy.sendingMessage : messages[status]}
          focus={focusOnLoad === 'status'}
        />
      </ActionForm>
    </section>
  )
}
