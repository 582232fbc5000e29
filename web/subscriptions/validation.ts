import * as v from 'valibot'
import { emailField, formSchema, validateWith } from '@/forms/field-checks'
import { text } from '@/forms/schema'

/** A price alert's request: an address, and the model (a Sanity document id) it is about. */
export const validatePriceAlert = validateWith(
  formSchema({
    email: emailField,
    model: v.pipe(text, v.regex(/^[A-Za-z0-9._-]{1,128}$/, 'required')),
  }),
)
