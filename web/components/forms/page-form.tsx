'use client'

import { useRouter } from 'next/navigation'
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import '@/styles/account.css'
import { PasswordInput } from '../account/password-input'
import { ErrorSummary } from './error-summary'
import { FieldMessage } from './field-message'

export type FormField = {
  name: string
  label: string
  type: 'text' | 'email' | 'tel' | 'password' | 'checkbox'
  autoComplete?: string
  hint?: string | null
  /** A link shown with the hint, such as the guidance a declaration refers to. */
  link?: { label: string; href: string } | null
  defaultValue?: string
  inputMode?: 'numeric' | 'text' | 'email' | 'tel'
  /** Starts a group of fields under this legend. */
  legend?: string
  /** A narrow field for a short value (a postcode, a sort code). */
  short?: boolean
}
export type Problem = { field: string | null; code: string; message?: string }

export type PageFormProps = {
  action: string
  /**
   * The form's own rules, run in the browser before sending: given by the wrapper for its kind of
   * form (AccountForm, OrderForm), so that each page's scripts hold only the rules it uses.
   */
  validate: (body: Record<string, string>) => { ok: true } | { ok: false; errors: Problem[] }
  fields: FormField[]
  hidden?: Record<string, string>
  submitLabel: string
  submitClass?: string
  /** The content's words for each problem code, numbers already filled in. */
  messages: Record<string, string>
  summaryTitle: string
  passwordToggle?: { show: string; hide: string }
  /** Shown above the button: a summary to confirm, for example. */
  beforeSubmit?: ReactNode
  /** Problems the server sent back to a browser running no scripts. */
  initialProblems?: Problem[]
}

/**
 * A form on a page: the account forms, checkout and the tracker. Without scripts it posts to its
 * endpoint, which answers with the next page or this one with its problems; with them, the same rules run here first and the endpoint is asked
 * for JSON, so problems appear without a reload and focus moves to their summary.
 */
export function PageForm(props: PageFormProps) {
  const { action, validate, fields, hidden = {}, submitLabel, submitClass, messages, summaryTitle } = props
  const id = useId()
  const [problems, setProblems] = useState<Problem[]>(props.initialProblems ?? [])
  const [sending, setSending] = useState(false)
  const summaryRef = useRef<HTMLDivElement>(null)
  const router = useRouter()
  const fieldId = (name: string) => `${id}-${name}`

  // Each new set of problems moves the focus to their summary, once it is on screen: after an
  // answer from the server the render comes later than a frame would. Problems the server sent
  // back in the address (a post made before scripts ran, or with none) count as a set too.
  const [shown, setShown] = useState(props.initialProblems?.length ? 1 : 0)
  useEffect(() => {
    if (shown) summaryRef.current?.focus()
  }, [shown])

  const show = (found: Problem[]) => {
    setProblems(found)
    setShown((count) => count + 1)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const body = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]),
    ) as Record<string, string>
    const local = validate(body)
    if (!local.ok) return show(local.errors)
    setSending(true)
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      })
      const result = (await response.json().catch(() => null)) as ServerAnswer | null
      if (result?.ok) {
        // A full load: the next page is rendered for the new session, header included.
        window.location.assign(result.redirect)
        return
      }
      // New prices: the page around the form is rendered again with them, what was typed stays.
      if (result && !result.ok && result.code === 'pricesChanged') router.refresh()
      show(result?.errors ?? [{ field: null, code: result?.code ?? 'unavailable', message: result?.message }])
    } catch {
      show([{ field: null, code: 'unavailable' }])
    }
    setSending(false)
  }

  // The server's words win: some hold numbers only it knows (how long to wait).
  const messageFor = (problem: Problem) => problem.message ?? messages[problem.code] ?? messages.unavailable
  const firstField = fields.find((field) => field.type !== 'checkbox')?.name ?? fields[0]?.name ?? ''
  const summary = problems.map((problem) => ({
    href: `#${fieldId(problem.field ?? firstField)}`,
    text: messageFor(problem) ?? '',
  }))
  const fieldProblem = (name: string) => problems.find((problem) => problem.field === name)

  const renderField = (field: FormField) => {
    const problem = fieldProblem(field.name)
    const error = problem ? messageFor(problem) : undefined
    const hinted = Boolean(field.hint || field.link)
    const describedBy =
      [hinted ? `${fieldId(field.name)}-hint` : '', error ? `${fieldId(field.name)}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined
    const common = {
      id: fieldId(field.name),
      name: field.name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    }
    if (field.type === 'checkbox') {
      return (
        <div key={field.name} className="field field--check">
          <FieldMessage id={`${fieldId(field.name)}-error`} message={error} />
          <input type="checkbox" value="true" defaultChecked={field.defaultValue === 'true'} {...common} />
          <label htmlFor={fieldId(field.name)}>{field.label}</label>
          {hinted ? <Hint id={`${fieldId(field.name)}-hint`} field={field} /> : null}
        </div>
      )
    }
    return (
      <div key={field.name} className={field.short ? 'field field--short' : 'field'}>
        <label htmlFor={fieldId(field.name)}>{field.label}</label>
        {hinted ? <Hint id={`${fieldId(field.name)}-hint`} field={field} /> : null}
        <FieldMessage id={`${fieldId(field.name)}-error`} message={error} />
        {field.type === 'password' ? (
          <PasswordInput {...common} autoComplete={field.autoComplete} labels={props.passwordToggle!} />
        ) : (
          <input
            {...common}
            type={field.type}
            autoComplete={field.autoComplete}
            defaultValue={field.defaultValue}
            inputMode={field.inputMode}
            spellCheck={false}
            autoCapitalize={field.type === 'email' ? 'none' : undefined}
          />
        )}
      </div>
    )
  }

  return (
    <form className="account-form" method="post" action={action} noValidate onSubmit={onSubmit}>
      <ErrorSummary ref={summaryRef} title={summaryTitle} errors={summary} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {groups(fields).map(({ legend, members }, index) => {
        const rendered = members.map(renderField)
        return legend ? (
          <fieldset key={legend} className="form-group">
            <legend>{legend}</legend>
            {rendered}
          </fieldset>
        ) : (
          <Fragment key={`group-${index}`}>{rendered}</Fragment>
        )
      })}
      {props.beforeSubmit}
      <button type="submit" className={submitClass ?? 'button button--primary'} aria-disabled={sending || undefined}>
        {submitLabel}
      </button>
    </form>
  )
}

type ServerAnswer = { ok: true; redirect: string } | { ok: false; code: string; message?: string; errors?: Problem[] }

/** Fields in runs: each field with a legend starts a new group. */
function groups(fields: FormField[]): Array<{ legend: string | null; members: FormField[] }> {
  const runs: Array<{ legend: string | null; members: FormField[] }> = []
  for (const field of fields) {
    if (field.legend || !runs.length) runs.push({ legend: field.legend ?? null, members: [] })
    runs.at(-1)!.members.push(field)
  }
  return runs
}

function Hint({ id, field }: { id: string; field: FormField }) {
  return (
    <p id={id} className="field__hint">
      {field.hint}
      {field.hint && field.link ? ' ' : null}
      {field.link ? <a href={field.link.href}>{field.link.label}</a> : null}
    </p>
  )
}
