'use server'

import { headers } from 'next/headers'
import { ContactUnavailableError, receiveContactMessage } from '@/contact/service'
import { StoreUnavailableError } from '@/forms/store-unavailable'
import { contactLimiter, newsletterLimiter } from '@/http/form-limits'
import { clientKeyFrom, type RateLimiter } from '@/http/rate-limit'
import type { FormAnswer } from './form-answer'
import type { Validation } from './field-checks'
import { signUpForNewsletter } from '@/subscriptions/newsletter-signup'
import { validateNewsletter } from './newsletter-validation'
import { validateContact } from './validation'

/**
 * The newsletter strip's sign-up, as a server action: the form posts here with scripts or without
 * (Next renders the answer into the page a browser running none is sent back to). The same rules,
 * store and rate limit as `POST /api/newsletter`; Next refuses an action posted from another site.
 */
export async function subscribe(_previous: FormAnswer, form: FormData): Promise<FormAnswer> {
  const email = text(form, 'email')
  const consent = form.has('consent')
  return answerForm(form, {
    limiter: newsletterLimiter,
    typed: { email, ...(consent ? { consent: 'on' } : {}) },
    check: (website) => validateNewsletter({ email, consent, ...website }),
    store: signUpForNewsletter,
    unavailable: StoreUnavailableError,
    name: 'Newsletter sign-up',
  })
}

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

type Steps<T> = {
  limiter: RateLimiter
  /** What was typed, given back whenever the submission is not taken. */
  typed: Record<string, string>
  /** The form's rules, given the honeypot field when a robot filled it in. */
  check: (website: { website?: string }) => Validation<T>
  store: (value: T) => Promise<'created' | 'duplicate'>
  /** Thrown by `store` when it cannot take the submission just now; anything else is a bug. */
  unavailable: new (...args: never[]) => Error
  /** What the log says was not stored, never with what was sent. */
  name: string
}

/** What both actions do, in the JSON endpoints' order: rate limit, rules, store. */
async function answerForm<T>(
  form: FormData,
  { limiter, typed, check, store, unavailable, name }: Steps<T>,
): Promise<FormAnswer> {
  if (!(await limiter.take(clientKeyFrom(await headers()))).allowed) return { status: 'rate_limited', typed }
  const website = text(form, 'website')
  const checked = check(website ? { website } : {})
  if (!checked.ok) {
    return { status: 'invalid', typed, errors: checked.errors.map(({ field, code }) => ({ field, code })) }
  }
  try {
    return { status: await store(checked.value) }
  } catch (error) {
    if (!(error instanceof unavailable)) throw error
    console.error(`${name} not stored: ${error.message}`)
    return { status: 'failed', typed }
  }
}

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
