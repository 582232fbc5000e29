'use client'

import { useRouter } from 'next/navigation'
import {
  Fragment,
  useActionState,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react'
import { FRESH_FORM, type FormAction } from '@/forms/form-state'
import type { FieldIssue, FieldProblem } from '@/lib/field-problem'
import '@/styles/account.css'
import { PasswordInput } from '../account/password-input'
import { ErrorSummary } from './error-summary'
import { FieldMessage } from './field-message'

export type FormField = {
  name: string
  label: string
  type: 'text' | 'email' | 'tel' | 'password' | 'checkbox' | 'radio'
  /** A radio group's choices, in order: the first is chosen unless `defaultValue` names another. */
  options?: { value: string; label: string }[]
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
  /**
   * On a field that starts a group: the group is for one choice of a radio group (a way of being
   * paid). With scripts, the others' groups are hidden and not sent; without, every group is shown
   * and the server checks only the chosen one's fields.
   */
  shownWhen?: { field: string; value: string }
}
export type PageFormProps = {
  /** The form's server action (see forms/form-action.ts): it posts there with scripts or without. */
  action: FormAction
  /**
   * The form's own rules, run in the browser before sending: given by the wrapper for its kind of
   * form (AccountForm, OrderForm), so that each page's scripts hold only the rules it uses.
   */
  validate: (body: Record<string, string>) => { ok: true } | { ok: false; errors: FieldIssue[] }
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
  /** Answers that are news rather than mistakes, by code: shown at the top instead of in the summary. */
  notices?: Record<string, ReactNode>
  /**
   * Answers that ask the visitor something before the form can go through, by code: the answer's
   * words (filled, such as the name a bank holds) with these choices under them, at the top. It
   * stays while the rules here point at a field to fix.
   */
  questions?: Record<string, ReactNode>
}

/**
 * A form on a page: the account forms, checkout and the tracker. It posts to its server action,
 * which answers a browser running no scripts with the next page (303) or with this page again, its
 * problems and what was typed filled in. With scripts the same rules run here first, the action's
 * answer is drawn without a reload, and focus moves to the summary of each new set of problems.
 */
export function PageForm(props: PageFormProps) {
  const { action, validate, fields, hidden = {}, submitLabel, submitClass, messages, summaryTitle } = props
  const id = useId()
  const [state, post, sending] = useActionState(action, FRESH_FORM)
  // Problems the rules here found before anything was sent; cleared when the form is sent.
  const [local, setLocal] = useState<{ problems: FieldProblem[]; count: number } | null>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  // Whether scripts run here: only then are the groups of choices not made hidden.
  const scripted = useSyncExternalStore(noChange, inBrowser, onServer)
  const [chosen, setChosen] = useState<Record<string, string>>({})
  const router = useRouter()
  const fieldId = (name: string) => `${id}-${name}`
  const questions = props.questions ?? {}
  const notices = { ...(props.notices ?? {}), ...questions }
  // The rules here find codes, given the content's words; the server's answer comes worded.
  const wordsFor = (code: string) => messages[code] ?? messages.unavailable ?? ''
  const answered: FieldProblem[] = local?.problems ?? state.problems
  const problems = answered.filter((problem) => !(problem.code in notices))
  const notice = answered.find((problem) => problem.code in notices)
  // A question the server asked stays on screen while the rules here point at a field to fix.
  const question = state.problems.find((problem) => problem.code in questions)

  // Each new set of problems moves the focus to their summary, once it is on screen.
  useEffect(() => {
    if (local?.count || state.sent) summaryRef.current?.focus()
  }, [local?.count, state.sent])

  useEffect(() => {
    // New prices: the page around the form is drawn again with them; what was typed stays.
    if (state.problems.some((problem) => problem.code === 'pricesChanged')) router.refresh()
  }, [state, router])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (sending) return event.preventDefault()
    const body = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]),
    ) as Record<string, string>
    const checked = validate(body)
    if (checked.ok) return setLocal(null)
    event.preventDefault()
    const found = checked.errors.map(({ field, code }) => ({ field, code, message: wordsFor(code) }))
    setLocal((previous) => ({ problems: found, count: (previous?.count ?? 0) + 1 }))
  }

  const firstField = fields.find((field) => field.type !== 'checkbox')?.name ?? fields[0]?.name ?? ''
  const summary = problems.map((problem) => ({
    href: `#${fieldId(problem.field ?? firstField)}`,
    text: problem.message,
    code: problem.code,
  }))
  const typed = (field: FormField) => state.typed[field.name] ?? field.defaultValue
  // After "unavailable" the request is to be sent again as it was: its hidden fields (a one-time
  // key among them) are the ones sent, not the fresh ones of a page drawn again.
  const retrying = state.problems.some((problem) => problem.code === 'unavailable')
  const hiddenValue = (name: string, value: string) => (retrying ? (state.typed[name] ?? value) : value)
  // A radio group's choice: as changed here, else as sent last, else as the page set it, else the first.
  const chosenOf = (field: FormField) => chosen[field.name] ?? typed(field) ?? field.options?.[0]?.value ?? ''
  const radios = new Map(fields.filter((field) => field.type === 'radio').map((field) => [field.name, field]))
  const offChoice = (shownWhen: FormField['shownWhen']) => {
    if (!scripted || !shownWhen) return false
    const radio = radios.get(shownWhen.field)
    return !radio || chosenOf(radio) !== shownWhen.value
  }
  const fieldProblem = (name: string) => problems.find((problem) => problem.field === name)

  const renderField = (field: FormField) => {
    const problem = fieldProblem(field.name)
    const error = problem ? problem.message : undefined
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
    if (field.type === 'radio') {
      const current = chosenOf(field)
      return (
        <fieldset key={field.name} className="form-group form-group--choice">
          <legend>{field.label}</legend>
          {hinted ? <Hint id={`${fieldId(field.name)}-hint`} field={field} /> : null}
          <FieldMessage id={`${fieldId(field.name)}-error`} message={error} />
          {(field.options ?? []).map((option, index) => (
            <div key={option.value} className="field field--check">
              <input
                type="radio"
                id={index === 0 ? fieldId(field.name) : `${fieldId(field.name)}-${option.value}`}
                name={field.name}
                value={option.value}
                checked={current === option.value}
                onChange={() => setChosen((previous) => ({ ...previous, [field.name]: option.value }))}
                aria-describedby={describedBy}
              />
              <label htmlFor={index === 0 ? fieldId(field.name) : `${fieldId(field.name)}-${option.value}`}>
                {option.label}
              </label>
            </div>
          ))}
        </fieldset>
      )
    }
    if (field.type === 'checkbox') {
      return (
        <div key={field.name} className="field field--check">
          <FieldMessage id={`${fieldId(field.name)}-error`} message={error} />
          <input type="checkbox" value="true" defaultChecked={typed(field) === 'true'} {...common} />
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
            defaultValue={typed(field)}
            inputMode={field.inputMode}
            spellCheck={false}
            autoCapitalize={field.type === 'email' ? 'none' : undefined}
          />
        )}
      </div>
    )
  }

  return (
    <form className="account-form" action={post} noValidate onSubmit={onSubmit} aria-busy={sending || undefined}>
      {question ? (
        <div className="notice notice--panel" role="alert">
          <p data-problem={question.code}>{question.message}</p>
          {questions[question.code]}
        </div>
      ) : notice ? (
        notices[notice.code]
      ) : null}
      <ErrorSummary ref={summaryRef} title={summaryTitle} errors={summary} autoFocus={problems.length > 0} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={hiddenValue(name, value)} />
      ))}
      {Object.entries(state.carry ?? {}).map(([name, value]) => (
        <input key={`carry-${name}`} type="hidden" name={name} value={value} />
      ))}
      {groups(fields).map(({ legend, members, shownWhen }, index) => {
        const rendered = members.map(renderField)
        const off = offChoice(shownWhen)
        return legend ? (
          // Another choice's fields: hidden, and disabled so that nothing in them is sent.
          <fieldset key={legend} className="form-group" hidden={off} disabled={off}>
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

const noChange = () => () => {}
const inBrowser = () => true
const onServer = () => false

type Group = { legend: string | null; members: FormField[]; shownWhen?: FormField['shownWhen'] }

/** Fields in runs: each field with a legend starts a new group, and a radio group is one of its own. */
function groups(fields: FormField[]): Group[] {
  const runs: Group[] = []
  for (const field of fields) {
    const own = field.type === 'radio' || runs.at(-1)?.members[0]?.type === 'radio'
    if (field.legend || own || !runs.length)
      runs.push({ legend: field.legend ?? null, members: [], shownWhen: field.shownWhen })
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
