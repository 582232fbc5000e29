'use client'

import { useActionState, useEffect, useId, useRef } from 'react'
import type { SubscriptionCopy } from '@/content/types'
import { FRESH_FORM } from '@/forms/form-state'
import { fillTemplate } from '@/lib/templates'
import { askForPriceAlert } from '@/subscriptions/form-actions'
import { ActionForm } from '../forms/action-form'
import { EmailRow, FormStatusLine, problemIn, statusOf } from '../forms/email-signup-parts'
import { Honeypot } from '../forms/honeypot'

type Props = { modelId: string; modelName: string; copy: SubscriptionCopy['alertForm'] }

const FIELDS = ['email'] as const

/**
 * "Tell me when the price rises", on a model's page (which stays static: the form holds nothing
 * of the visitor's until they send it). It posts to a server action, so it works without scripts;
 * the answer is the same for an address that already has the alert.
 */
export function PriceAlertForm({ modelId, modelName, copy }: Props) {
  const id = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const [answer, action, pending] = useActionState(askForPriceAlert, FRESH_FORM)
  const emailError = problemIn(answer, 'email')
  const focusOnLoad = answer.sent === 0 ? null : emailError ? 'email' : 'status'

  useEffect(() => {
    if (answer.problems.some((problem) => problem.field === 'email')) emailRef.current?.focus()
  }, [answer])

  const { status, text } = statusOf(answer, pending, FIELDS, copy.sendingMessage)

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
          typed={answer.typed.email ?? ''}
          error={emailError}
          focus={focusOnLoad === 'email'}
          pending={pending}
        />
        <Honeypot />
        <FormStatusLine status={status} text={text} focus={focusOnLoad === 'status'} />
      </ActionForm>
    </section>
  )
}
