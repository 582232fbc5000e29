'use server'

import { headers } from 'next/headers'
import { StoreUnavailableError, storeContactMessage, storeSubscription } from '@/content/submission-store'
import { contactLimiter, newsletterLimiter } from '@/lib/http/form-limits'
import { clientKeyFrom } from '@/lib/http/rate-limit'
import type { FormAnswer } from './form-answer'
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
  const typed = { email, ...(consent ? { consent: 'on' } : {}) }
  if (!newsletterLimiter.take(clientKeyFrom(await headers())).allowed) return answer('rate_limited', typed)
  const website = text(form, 'website')
  const checked = validateNewsletter({ email, consent, ...(website ? { website } : {}) })
  if (!checked.ok) {
    return { status: 'invalid', typed, errors: checked.errors.map(({ field, code }) => ({ field, code })) }
  }
  try {
    return { status: await storeSubscription(checked.value) }
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error
    console.error(`Newsletter sign-up not stored: ${error.message}`)
    return answer('failed', typed)
  }
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
  if (!contactLimiter.take(clientKeyFrom(await headers())).allowed) return answer('rate_limited', typed)
  const website = text(form, 'website')
  const checked = validateContact({ ...typed, ...(website ? { website } : {}) })
  if (!checked.ok) {
    return { status: 'invalid', typed, errors: checked.errors.map(({ field, code }) => ({ field, code })) }
  }
  try {
    await storeContactMessage(checked.value)
    return { status: 'created' }
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error
    console.error(`Contact message not stored: ${error.message}`)
    return answer('failed', typed)
  }
}

function answer(status: FormAnswer['status'], typed: Record<string, string>): FormAnswer {
  return { status, typed }
}

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
