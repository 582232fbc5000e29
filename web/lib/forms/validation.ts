/**
 * The one set of rules for the site's forms, run in the browser for instant messages and again
 * on the server, which trusts nothing. Errors carry a code; the browser shows the editor's wording
 * for it, and the API sends a plain explanation for other clients.
 */
import { UK_PHONE } from '@rules/uk-phone'

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

export const LIMITS = { email: 254, name: 100, phone: 20, message: 2000 } as const

// Letters, digits and the usual punctuation before the @; a dotted domain with a real TLD after.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/
// C0 and C1 controls, except the line breaks and tabs a message may hold.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
const LINE_BREAK = /[\r\n\t]/
const MARKUP = /<\s*[a-zA-Z!/?]|&#?\w+;/

export type NewsletterInput = { email: string; consent: true }
export type ContactInput = { name: string; email: string; phone: string | null; message: string }

export function validateNewsletter(input: unknown): Validation<NewsletterInput> {
  const body = asRecord(input)
  const errors = [...unexpected(body, ['email', 'consent', 'website']), ...honeypot(body)]
  const email = checkEmail(body.email, errors)
  if (body.consent !== true)
    errors.push(error('consent', 'consent_required', 'Consent to receive e-mails is required.'))
  return errors.length ? { ok: false, errors } : { ok: true, value: { email: email!, consent: true } }
}

export function validateContact(input: unknown): Validation<ContactInput> {
  const body = asRecord(input)
  const errors = [...unexpected(body, ['name', 'email', 'phone', 'message', 'website']), ...honeypot(body)]
  const name = checkText(body.name, 'name', LIMITS.name, false, errors)
  const email = checkEmail(body.email, errors)
  const message = checkText(body.message, 'message', LIMITS.message, true, errors)
  let phone: string | null = null
  if (typeof body.phone === 'string' && body.phone.trim()) {
    phone = body.phone.trim()
    if (phone.length > LIMITS.phone || !UK_PHONE.test(phone)) {
      errors.push(error('phone', 'invalid_phone', 'Enter a UK phone number, such as 020 7946 0123, or leave it empty.'))
    }
  } else if (body.phone !== undefined && body.phone !== null && typeof body.phone !== 'string') {
    errors.push(error('phone', 'invalid_phone', 'The phone number must be text.'))
  }
  return errors.length
    ? { ok: false, errors }
    : { ok: true, value: { name: name!, email: email!, phone, message: message! } }
}

/** Lower-cases the domain only: the part before the @ is, strictly, the mailbox owner's to define. */
export function normaliseEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`
}

function checkEmail(value: unknown, errors: FieldError[]): string | null {
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

function checkText(value: unknown, field: string, max: number, multiline: boolean, errors: FieldError[]) {
  if (typeof value !== 'string' || !value.trim()) {
    errors.push(error(field, 'required', `The ${field} is required.`))
    return null
  }
  const text = value.trim()
  if (text.length > max) errors.push(error(field, 'too_long', `The ${field} must be at most ${max} characters.`))
  else if (CONTROL.test(text) || (!multiline && LINE_BREAK.test(text)) || MARKUP.test(text)) {
    errors.push(
      error(field, 'invalid_characters', `The ${field} must be plain text, without markup or control characters.`),
    )
  } else return text
  return null
}

function honeypot(body: Record<string, unknown>): FieldError[] {
  // A field people never see: only form-filling robots put anything in it.
  return body.website
    ? [error('website', 'spam_suspected', 'This submission looks automated and was not accepted.')]
    : []
}

function unexpected(body: Record<string, unknown>, allowed: string[]): FieldError[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) => error(key, 'unexpected_field', `Unexpected field "${key.slice(0, 40)}".`))
}

function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {}
}

function error(field: string, code: ErrorCode, message: string): FieldError {
  return { field, code, message }
}
