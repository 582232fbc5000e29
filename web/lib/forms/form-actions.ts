'use server'

import { headers } from 'next/headers'
import { StoreUnavailableError, storeSubscription } from '@/content/submission-store'
import { clientKeyFrom } from '@/lib/http/rate-limit'
import { newsletterLimiter } from '@/lib/http/form-limits'
import type { FormAnswer } from './form-answer'
import { validateNewsletter } from './newsletter-validation'

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

function answer(status: FormAnswer['status'], typed: Record<string, string>): FormAnswer {
  return { status, typed }
}

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
