'use server'

import { getContactFormWords } from '@/content/loaders'
import { formAction } from '@/forms/form-action'
import { LIMITS } from '@/forms/limits'
import { contactLimiter } from '@/http/form-limits'
import { fillTemplate } from '@/lib/templates'
import { receiveContactMessage } from './service'
import { validateContact } from './validation'

/** The honeypot's value, when a robot filled it in: the rules refuse it. */
const honeypot = (body: Record<string, string>) => (body.website ? { website: body.website } : {})

/**
 * The contact form's message: the rules, store and rate limit of `POST /api/contact`, answered in
 * place in the words of the page section the form is on (its key comes in a hidden field), what
 * was typed given back whenever the message was not taken.
 */
export const sendContactMessage = formAction({
  limiter: contactLimiter,
  page: '/',
  validate: (body) =>
    validateContact({
      name: body.name ?? '',
      email: body.email ?? '',
      phone: body.phone ?? '',
      message: body.message ?? '',
      ...honeypot(body),
    }),
  run: async (message, { body }) => {
    await receiveContactMessage(message)
    return { ok: true, done: (await getContactFormWords(body.section ?? '')).successMessage }
  },
  words: async (body) => {
    const words = await getContactFormWords(body.section ?? '')
    return (code, _fill, field) => {
      switch (code) {
        case 'too_long':
          return fillTemplate(words.tooLongMessage, { max: LIMITS[field as keyof typeof LIMITS] ?? '' })
        case 'invalid_characters':
          if (field !== 'email') return words.plainTextMessage
          return words.emailInvalidMessage
        case 'tooMany':
          return words.rateLimitedMessage
        case 'unavailable':
        case 'crossOrigin':
        case 'spam_suspected':
        case 'unexpected_field':
          return words.errorMessage
        default:
          return field === 'name'
            ? words.nameRequiredMessage
            : field === 'phone'
              ? words.phoneInvalidMessage
              : field === 'message'
                ? words.messageRequiredMessage
                : words.emailInvalidMessage
      }
    }
  },
  name: 'Contact message',
})
