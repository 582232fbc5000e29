/**
 * The contact form's rules (a valibot schema), run on the server by its action and its JSON
 * endpoint. Errors carry a code; the form shows the editor's wording for it, and the API sends a
 * plain explanation for other clients.
 */
import * as v from 'valibot'
import { UK_PHONE } from '@rules/uk-phone'
import { CONTROL, emailField, formSchema, LIMITS, MARKUP, validateWith } from '@/forms/field-checks'
import { text } from '@/forms/schema'

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
