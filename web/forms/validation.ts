/**
 * The one set of rules for the newsletter and contact forms (a valibot schema each), run on the
 * server by their actions and JSON endpoints. Errors carry a code; the form shows the editor's wording for it, and the
 * API sends a plain explanation for other clients.
 */
import * as v from 'valibot'
import { UK_PHONE } from '@rules/uk-phone'
import { CONTROL, emailField, formSchema, LIMITS, MARKUP, validateWith } from './field-checks'
import { text } from './schema'

export { LIMITS, normaliseEmail, type ErrorCode } from './field-checks'
export { validateNewsletter, type NewsletterInput } from './newsletter-validation'

// A line break or tab, which only a message may hold.
const LINE_BREAK = /[\r\n\t]/

/** Plain text, trimmed: on one line unless it is the message. */
const plainText = (max: number, multiline: boolean) =>
  v.pipe(
    text,
    v.transform((value) => value.trim()),
    v.nonEmpty('required'),
    v.maxLength(max, 'too_long'),
    v.check(
      (value) => !CONTROL.test(value) && (multiline || !LINE_BREAK.test(value)) && !MARKUP.test(value),
      'invalid_characters',
    ),
  )

/** A UK phone number, or nothing: empty is fine, anything that is not text is not. */
const phoneField = v.optional(
  v.pipe(
    v.unknown(),
    v.check((value) => value === null || typeof value === 'string', 'invalid_phone'),
    v.transform((value) => (typeof value === 'string' ? value.trim() : '')),
    v.check((phone) => !phone || (phone.length <= LIMITS.phone && UK_PHONE.test(phone)), 'invalid_phone'),
    v.transform((phone) => phone || null),
  ),
  '',
)

const contactSchema = v.pipe(
  formSchema({
    name: plainText(LIMITS.name, false),
    email: emailField,
    phone: phoneField,
    message: plainText(LIMITS.message, true),
  }),
  v.transform(({ name, email, phone, message }) => ({ name, email, phone, message })),
)

export type ContactInput = v.InferOutput<typeof contactSchema>
export const validateContact = validateWith(contactSchema)
