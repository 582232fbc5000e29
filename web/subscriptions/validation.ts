import * as v from 'valibot'
import { emailField, formSchema, validateWith } from '@/forms/field-checks'
import { text } from '@/forms/schema'

/** The newsletter sign-up: an address, and consent given as exactly `true`. */
const newsletterSchema = v.pipe(
  formSchema({
    email: emailField,
    consent: v.optional(
      v.pipe(
        v.unknown(),
        v.check((consent) => consent === true, 'consent_required'),
      ),
      false,
    ),
  }),
  v.transform(({ email }) => ({ email, consent: true as const })),
)

export type NewsletterInput = v.InferOutput<typeof newsletterSchema>
export const validateNewsletter = validateWith(newsletterSchema)

/** A price alert's request: an address, and the model (a Sanity document id) it is about. */
export const validatePriceAlert = validateWith(
  formSchema({
    email: emailField,
    model: v.pipe(text, v.regex(/^[A-Za-z0-9._-]{1,128}$/, 'required')),
  }),
)
