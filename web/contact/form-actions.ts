'use server'

import { ContactUnavailableError, receiveContactMessage } from '@/contact/service'
import { answerForm, text } from '@/forms/answer-form'
import type { FormAnswer } from '@/forms/form-answer'
import { contactLimiter } from '@/http/form-limits'
import { validateContact } from '@/forms/validation'

/**
 * The contact form's message, as a server action, in the same way: the rules, store and rate
 * limit of `POST /api/contact`, what was typed given back whenever the message was not taken.
 */
export async function sendContactMessage(_previous: FormAnswer, form: FormData): Promise<FormAnswer> {
  const typed = {
    name: text(form, 'name'),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    message: text(form, 'message'),
  }
  return answerForm(form, {
    limiter: contactLimiter,
    typed,
    check: (website) => validateContact({ ...typed, ...website }),
    store: receiveContactMessage,
    unavailable: ContactUnavailableError,
    name: 'Contact message',
  })
}
