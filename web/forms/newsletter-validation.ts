import * as v from 'valibot'
import { emailField, formSchema, validateWith } from './field-checks'

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
