'use client'

import { useState } from 'react'
import type { OrderCopy } from '@/content/types'
import { FieldMessage } from '@/components/forms/field-message'
import { formatPence } from '@/lib/money'
import { itemField } from '@/orders/moves/admin-input'
import { answerField, decideCheck, foundPence, type ChecklistQuestion } from '@/orders/moves/checklist'
import { FormField } from '@/components/admin/form-field'

/**
 * One device's check: a radio group per question of its checklist, the IMEI and notes, and the
 * price found with the box for a different one. Without scripts it posts the same fields, and the
 * server works out the grade and price; with them, the grade and price found show as answers are given,
 * or, for an answer that stops the check, what the checklist tells staff it does.
 */
export function ChecklistFields({
  item,
  text,
  gradeLabel,
  grades,
  errors,
  typed,
}: {
  item: {
    id: string
    device: string
    pricePence: number
    gradeKey: string
    checklist: ChecklistQuestion[]
    pricedByGrade: Record<string, number | null>
    checkAnswers: Array<{ question: string; answer: string }> | null
    imei: string | null
    checkNotes: string | null
  }
  text: OrderCopy['checklist'] & { imei: string; imeiHint: string; notes: string; reason: string }
  gradeLabel: string
  grades: Array<{ key: string; name: string }>
  errors: Record<string, string>
  typed: Record<string, string>
}) {
  const kept = Object.fromEntries((item.checkAnswers ?? []).map((answer) => [answer.question, answer.answer]))
  const [given, setGiven] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.checklist.map((q) => [q.key, typed[answerField(item.id, q.key)] ?? kept[q.key] ?? ''])),
  )
  const decided = decideCheck(item.checklist, given, grades)
  const price = decided.ok
    ? foundPence(item, decided.outcome, item.pricedByGrade[decided.outcome.gradeKey] ?? null)
    : null
  const field = (name: string, stored = '') => ({
    name,
    error: errors[name] ?? null,
    defaultValue: typed[name] ?? stored,
  })
  return (
    <fieldset className="admin-item">
      <legend>{item.device}</legend>
      <h4>{text.heading}</h4>
      {item.checklist.map((question) => {
        const name = answerField(item.id, question.key)
        const error = errors[name]
        const helpId = question.help ? `${name}-help` : undefined
        return (
          <fieldset
            key={question.key}
            id={name}
            className="admin-check-question"
            aria-describedby={[helpId, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined}
            tabIndex={-1}
          >
            <legend>{question.question}</legend>
            {question.help ? (
              <p id={helpId} className="field__hint">
                {question.help}
              </p>
            ) : null}
            <FieldMessage id={`${name}-error`} message={error} />
            {question.answers.map((answer) => {
              const id = `${name}-${answer.key}`
              // A stop's words are read before it is chosen, with or without scripts.
              const stopWords = answer.effect === 'stop' ? answer.stopWords : null
              return (
                <p key={answer.key} className="admin-check-answer">
                  <input
                    type="radio"
                    id={id}
                    name={name}
                    value={answer.key}
                    defaultChecked={given[question.key] === answer.key}
                    aria-describedby={stopWords ? `${id}-stop` : undefined}
                    onChange={() => setGiven((before) => ({ ...before, [question.key]: answer.key }))}
                  />{' '}
                  <label htmlFor={id}>{answer.label}</label>
                  {stopWords ? (
                    <span id={`${id}-stop`} className="field__hint">
                      {stopWords}
                    </span>
                  ) : null}
                </p>
              )
            })}
          </fieldset>
        )
      })}
      <p className="admin-check-found" aria-live="polite">
        {decided.ok && decided.outcome.stop ? (
          decided.outcome.stop.words
        ) : decided.ok ? (
          <>
            {gradeLabel}: <strong>{grades.find((grade) => grade.key === decided.outcome.gradeKey)?.name}</strong>
            {price === null ? null : (
              <>
                {' · '}
                <strong data-found-price>{formatPence(price)}</strong>
              </>
            )}
          </>
        ) : null}
      </p>
      <FormField
        {...field(itemField('imei', item.id), item.imei ?? '')}
        label={text.imei}
        hint={text.imeiHint}
        inputMode="numeric"
        short
        code
      />
      <FormField {...field(itemField('notes', item.id), item.checkNotes ?? '')} label={text.notes} multiline />
      <FormField
        {...field(itemField('price', item.id))}
        label={text.priceLabel}
        hint={text.priceHelp}
        inputMode="decimal"
        short
      />
      <FormField {...field(itemField('reason', item.id))} label={text.reason} multiline />
    </fieldset>
  )
}
