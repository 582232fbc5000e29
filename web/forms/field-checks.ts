import * as v from 'valibot'
import { isEmailAddress } from '@/lib/email-address'
import { text, type Validation } from './schema'
import { LIMITS } from './limits'

/**
 * What the newsletter's and the contact form's schemas share: the error shape, the limits, the
 * e-mail field and the guards against robots and stray fields. Each check's message is a code;
 * the forms show the editor's words for it, and the JSON APIs a plain explanation (`explain`).
 */

export type ErrorCode =
  | 'required'
  | 'invalid_email'
  | 'too_long'
  | 'invalid_characters'
  | 'invalid_phone'
  | 'consent_required'
  | 'unexpected_field'
  | 'spam_suspected'

export { LIMITS }

const code = (value: ErrorCode) => value

// C0 and C1 controls, except the line breaks and tabs a message may hold.
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
export const MARKUP = /<\s*[a-zA-Z!/?]|&#?\w+;/

/** Lower-cases the domain only: the part before the @ is, strictly, the mailbox owner's to define. */
export function normaliseEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`
}

export const emailField = v.pipe(
  text,
  v.transform((email) => email.trim()),
  v.nonEmpty(code('required')),
  v.maxLength(LIMITS.email, code('too_long')),
  v.check((email) => !CONTROL.test(email) && !MARKUP.test(email), code('invalid_characters')),
  v.check(isEmailAddress, code('invalid_email')),
  v.transform(normaliseEmail),
)

/** A field people never see: only form-filling robots put anything in it. */
export const honeypotField = v.optional(
  v.pipe(
    v.unknown(),
    v.check((value) => !value, code('spam_suspected')),
  ),
  '',
)

/** The form's fields and no others, from whatever was sent (a non-object is an empty form). */
export function formSchema<E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.unknown(),
    v.transform((input) =>
      input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {},
    ),
    v.strictObject({ ...entries, website: honeypotField }, code('unexpected_field')),
  )
}

/** The plain explanation the JSON APIs send with each code, for clients that are not the forms. */
export function explain(field: string, problem: ErrorCode): string {
  const named = field === 'email' ? 'e-mail address' : field
  switch (problem) {
    case 'required':
      return field === 'email' ? 'An e-mail address is required.' : `The ${named} is required.`
    case 'too_long':
      return `The ${named} must be at most ${LIMITS[field as keyof typeof LIMITS] ?? ''} characters.`
    case 'invalid_characters':
      return field === 'email'
        ? 'The e-mail address contains characters that are not allowed.'
        : `The ${named} must be plain text, without markup or control characters.`
    case 'invalid_email':
      return 'Enter an e-mail address like name@example.co.uk.'
    case 'invalid_phone':
      return 'Enter a UK phone number, such as 020 7946 0123, or leave it empty.'
    case 'consent_required':
      return 'Consent to receive e-mails is required.'
    case 'unexpected_field':
      return `Unexpected field "${field.slice(0, 40)}".`
    case 'spam_suspected':
      return 'This submission looks automated and was not accepted.'
  }
}

/** Runs a form's schema: its value, or its problems (their plain explanations are `explain`'s). */
export function validateWith<S extends v.GenericSchema<unknown, unknown>>(schema: S) {
  return (input: unknown): Validation<v.InferOutput<S>, ErrorCode> => {
    const result = v.safeParse(schema, input, { abortPipeEarly: true })
    if (result.success) return { ok: true, value: result.output }
    return {
      ok: false,
      errors: result.issues.map((issue) => {
        return { field: String(issue.path?.at(-1)?.key ?? ''), code: issue.message as ErrorCode }
      }),
    }
  }
}
