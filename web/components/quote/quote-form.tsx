'use client'

import { useActionState, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { addDevice as addDeviceAction, showPrice } from '@/basket/form-actions'
import { FRESH_FORM } from '@/forms/form-state'
import type { ConditionGrade, ModelPage, PricingRules, SellingCopy } from '@/content/types'
import { quote, STORAGE_FIELD } from '@/lib/pricing'
import { formatStorage } from '@/lib/storage-size'
import { fillTemplate } from '@/lib/templates'
import { addDevice } from '../basket/basket-store'
import { ContentLink } from '../ui/content-link'
import { ErrorSummary, type SummaryError } from '../forms/error-summary'
import { QuoteResult } from './quote-result'

export type QuoteChoices = { storage: string | null; answers: Record<string, string> }

type Props = {
  model: Pick<ModelPage, '_id' | 'name' | 'make' | 'href' | 'variants'>
  rules: PricingRules
  grades: ConditionGrade[]
  copy: SellingCopy['quote']
  /** Choices the server was sent by a browser running no scripts, and whether to show their problems. */
  initial?: QuoteChoices & { showErrors: boolean }
}

/**
 * The price checker: storage and condition questions, the price as soon as every question is
 * answered, and "Add to basket". Without scripts it is a plain form the server answers; with them
 * the price updates as the seller answers, and adding stays on the page.
 */
export function QuoteForm({ model, rules, grades, copy, initial }: Props) {
  const id = useId()
  // Without scripts "Add to basket" posts to this action; a refusal that leaves the seller here
  // comes back with its words and the choices that were sent.
  const [refused, addAction] = useActionState(addDeviceAction, FRESH_FORM)
  const sent = refused.sent ? choicesFrom(refused.typed) : null
  const [choices, setChoices] = useState<QuoteChoices>(
    sent ?? { storage: initial?.storage ?? null, answers: initial?.answers ?? {} },
  )
  const [showErrors, setShowErrors] = useState(initial?.showErrors ?? false)
  const [status, setStatus] = useState<{ kind: 'idle' | 'adding' | 'added' | 'failed'; message: string }>(
    refused.problems[0]?.message
      ? { kind: 'failed', message: refused.problems[0].message }
      : { kind: 'idle', message: '' },
  )
  const summaryRef = useRef<HTMLDivElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  // False in the server's HTML, true once scripts run: what a no-script visitor needs stays visible to them.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )

  const result = quote(model, rules, grades, { variant: choices.storage, answers: choices.answers })
  const fieldId = (field: string, first?: string) => `${id}-${field}-${first ?? ''}`
  const problems = result.kind === 'invalid' ? result.problems : []
  const messageFor = (field: string) => {
    const problem = problems.find((p) => p.field === field)
    if (!problem) return undefined
    if (problem.code === 'unknown') return copy.unknownChoice
    return field === STORAGE_FIELD ? copy.storageError : copy.answerError
  }
  const summary: SummaryError[] = showErrors
    ? problems.map((problem) => {
        const question = rules.questions.find((q) => q.key === problem.field)
        const first = problem.field === STORAGE_FIELD ? model.variants[0]?.key : question?.answers[0]?.key
        const label = problem.field === STORAGE_FIELD ? copy.storageLegend : (question?.question ?? problem.field)
        return { href: `#${fieldId(problem.field, first)}`, text: `${label} – ${messageFor(problem.field)}` }
      })
    : []

  const choose = (field: string, value: string) => {
    setStatus({ kind: 'idle', message: '' })
    setChoices((current) =>
      field === STORAGE_FIELD
        ? { ...current, storage: value }
        : { ...current, answers: { ...current.answers, [field]: value } },
    )
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (result.kind === 'invalid') {
      setShowErrors(true)
      requestAnimationFrame(() => summaryRef.current?.focus())
      return
    }
    if (result.kind !== 'price') return
    setStatus({ kind: 'adding', message: copy.addingMessage })
    const form = new FormData()
    form.set('model', model._id)
    if (choices.storage) form.set(STORAGE_FIELD, choices.storage)
    for (const [question, answer] of Object.entries(choices.answers)) form.set(question, answer)
    const refusal = await addDevice(form)
    const device = `${model.make} ${model.name} ${formatStorage(result.storageGb)}`
    setStatus(
      refusal
        ? { kind: 'failed', message: refusal.message || copy.failed }
        : { kind: 'added', message: fillTemplate(copy.addedMessage, { device }) },
    )
    requestAnimationFrame(() => statusRef.current?.focus())
  }

  return (
    <form className="quote" action={showPrice} noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.heading}</h2>
      <input type="hidden" name="model" value={model._id} />
      <input type="hidden" name="pricePage" value={`${model.href}/price`} />
      <ErrorSummary ref={summaryRef} title={copy.errorSummary} errors={summary} />
      <Choices
        name={STORAGE_FIELD}
        legend={copy.storageLegend}
        hint={copy.storageHelp ?? null}
        options={model.variants.map((variant) => ({ key: variant.key, label: formatStorage(variant.storageGb) }))}
        value={choices.storage}
        error={showErrors ? messageFor(STORAGE_FIELD) : undefined}
        idFor={(key) => fieldId(STORAGE_FIELD, key)}
        onChoose={choose}
      />
      {rules.questions.map((question) => (
        <Choices
          key={question.key}
          name={question.key}
          legend={question.question}
          hint={question.help}
          options={question.answers.map((answer) => ({ key: answer.key, label: answer.label }))}
          value={choices.answers[question.key] ?? null}
          error={showErrors ? messageFor(question.key) : undefined}
          idFor={(key) => fieldId(question.key, key)}
          onChoose={choose}
        />
      ))}
      <QuoteResult result={result} grades={grades} copy={copy} />
      <div className="quote__actions">
        {/* Only a browser running no scripts needs to ask the server for the price. */}
        <button type="submit" className="button button--secondary" hidden={scripted}>
          {copy.seePriceButton}
        </button>
        <button
          type="submit"
          className="button button--primary"
          formAction={addAction}
          aria-disabled={result.kind === 'refused' || status.kind === 'adding' || undefined}
        >
          {copy.addButton}
        </button>
      </div>
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={`form-status form-status--${status.kind === 'added' ? 'created' : status.kind}`}
      >
        {status.message}
        {status.kind === 'added' ? (
          <>
            {' '}
            <ContentLink link={copy.basketLink} />
          </>
        ) : null}
      </p>
    </form>
  )
}

const noSubscription = () => () => {}

/** The choices a form posted without scripts sent: the storage size, and the rest are answers. */
function choicesFrom(typed: Record<string, string>): QuoteChoices {
  const answers: Record<string, string> = {}
  for (const [key, value] of Object.entries(typed)) {
    if (key !== 'model' && key !== 'pricePage' && key !== STORAGE_FIELD) answers[key] = value
  }
  return { storage: typed[STORAGE_FIELD] ?? null, answers }
}

type ChoicesProps = {
  name: string
  legend: string
  hint: string | null
  options: Array<{ key: string; label: string }>
  value: string | null
  error: string | undefined
  idFor: (key: string) => string
  onChoose: (name: string, value: string) => void
}

function Choices({ name, legend, hint, options, value, error, idFor, onChoose }: ChoicesProps) {
  const hintId = `${idFor('')}hint`
  const errorId = `${idFor('')}error`
  return (
    <fieldset
      className={`choices${error ? ' choices--error' : ''}`}
      aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className="choices__legend">{legend}</legend>
      {hint ? (
        <p id={hintId} className="choices__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      <div className="choices__options">
        {options.map((option) => (
          <label key={option.key} className="choice" htmlFor={idFor(option.key)}>
            <input
              type="radio"
              id={idFor(option.key)}
              name={name}
              value={option.key}
              checked={value === option.key}
              onChange={() => onChoose(name, option.key)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
