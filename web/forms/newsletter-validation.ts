import * as v from 'valibot'
import { emailField, formSchema, validateWith } from './field-checks'

export type NewsletterInput = { email: string; consent: true }

/** The newsletter sign-up: an address, and consent given as exactly `true`. */
export const validateNewsletter = validateWith(
  v.pipe(
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
    v.transform(({ email }): NewsletterInput => ({ email, consent: true })),
  ),
)
