import { LIMITS } from './limits'

/**
 * What every form's rules share: the error shape, the limits, the e-mail check and the guards
 * against robots and stray fields. Split from the rules themselves so a page's newsletter strip
 * loads only what the newsletter needs.
 */

export type FieldError = { field: string; code: ErrorCode; message: string }
export type ErrorCode =
  | 'required'
  | 'invalid_email'
  | 'too_long'
  | 'invalid_characters'
  | 'invalid_phone'
  | 'consent_required'
  | 'unexpected_field'
  | 'spam_suspected'
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] }

export { LIMITS }

// Letters, digits and the usual punctuation before the @; a dotted domain with a real TLD after.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/
// C0 and C1 controls, except the line breaks and tabs a message may hold.
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
export const MARKUP = /<\s*[a-zA-Z!/?]|&#?\w+;/

/** Lower-cases the domain only: the part before the @ is, strictly, the mailbox owner's to define. */
export function normaliseEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`
}

export function checkEmail(value: unknown, errors: FieldError[]): string | null {
  if (typeof value !== 'string' || !value.trim()) {
    errors.push(error('email', 'required', 'An e-mail address is required.'))
    return null
  }
  const email = value.trim()
  if (email.length > LIMITS.email) {
    errors.push(error('email', 'too_long', `The e-mail address must be at most ${LIMITS.email} characters.`))
  } else if (CONTROL.test(email) || MARKUP.test(email)) {
    errors.push(error('email', 'invalid_characters', 'The e-mail address contains characters that are not allowed.'))
  } else if (!EMAIL.test(email) || email.includes('..')) {
    errors.push(error('email', 'invalid_email', 'Enter an e-mail address like name@example.co.uk.'))
  } else {
    return normaliseEmail(email)
  }
  return null
}

export function honeypot(body: Record<string, unknown>): FieldError[] {
  // A field people never see: only form-filling robots put anything in it.
  return body.website
    ? [error('website', 'spam_suspected', 'This submission looks automated and was not accepted.')]
    : []
}

export function unexpected(body: Record<string, unknown>, allowed: string[]): FieldError[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) => error(key, 'unexpected_field', `Unexpected field "${key.slice(0, 40)}".`))
}

export function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {}
}

export function error(field: string, code: ErrorCode, message: string): FieldError {
  return { field, code, message }
}
