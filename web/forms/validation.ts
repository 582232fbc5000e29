/**
 * The one set of rules for the newsletter and contact forms, run on the server by their actions
 * and JSON endpoints. Errors carry a code; the form shows the editor's wording for it, and the
 * API sends a plain explanation for other clients.
 */
import { UK_PHONE } from '@rules/uk-phone'
import {
  asRecord,
  checkEmail,
  CONTROL,
  error,
  honeypot,
  LIMITS,
  MARKUP,
  unexpected,
  type FieldError,
  type Validation,
} from './field-checks'

export { LIMITS, normaliseEmail, type ErrorCode, type FieldError, type Validation } from './field-checks'
export { validateNewsletter, type NewsletterInput } from './newsletter-validation'

// A line break or tab, which only a message may hold.
const LINE_BREAK = /[\r\n\t]/

export type ContactInput = { name: string; email: string; phone: string | null; message: string }

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
