import { FieldMessage } from '@/components/forms/field-message'
import { TEXT_MAX } from '@/orders/moves/admin-input'

type Props = {
  name: string
  /** The field's id, where its name is not unique on the page. */
  id?: string
  label: string
  hint?: string | null
  error: string | null
  defaultValue?: string
  /** A choice from a list instead of typing. */
  options?: Array<{ value: string; label: string }>
  multiline?: boolean
  inputMode?: 'numeric' | 'decimal'
  /** A narrow field for a short value. */
  short?: boolean
  /** A value read character by character: an IMEI, a tracking number. */
  code?: boolean
  /** The staff member's own password, asked again. */
  password?: boolean
  /** The most a typed value may hold, where the endpoint refuses more. */
  maxLength?: number
}

/** One labelled field of a staff form, with its hint and, when the endpoint refused it, why. */
export function FormField({
  name,
  id = name,
  label,
  hint,
  error,
  defaultValue,
  options,
  multiline,
  inputMode,
  short,
  code,
  password,
  maxLength,
}: Props) {
  const hintId = hint ? `${id}-hint` : null
  const errorId = error ? `${id}-error` : null
  const common = {
    id,
    name,
    defaultValue,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  }
  const classes = ['field', short ? 'field--short' : '', code ? 'field--code' : ''].filter(Boolean).join(' ')
  return (
    <div className={classes}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId!} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} message={error ?? undefined} />
      {options ? (
        <select {...common}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...common} rows={3} maxLength={TEXT_MAX} />
      ) : password ? (
        <input {...common} type="password" autoComplete="current-password" />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={inputMode}
          maxLength={maxLength}
          autoComplete="off"
          spellCheck={code ? false : undefined}
        />
      )}
    </div>
  )
}
