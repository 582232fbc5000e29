'use server'

import 'server-only'
import { headers } from 'next/headers'
import { answerForm, text } from '@/forms/answer-form'
import type { FormAnswer } from '@/forms/form-answer'
import { validateNewsletter } from '@/forms/newsletter-validation'
import { StoreUnavailableError } from '@/forms/store-unavailable'
import { newsletterLimiter } from '@/http/form-limits'
import { describeError } from '@/lib/log'
import { clientKeyFrom, RateLimiter } from '@/http/rate-limit'
import { signUpForNewsletter } from './newsletter-signup'
import { confirmLink, requestPriceAlert, unsubscribeLink } from './service'
import { validatePriceAlert } from './validation'

// As the newsletter's: ten a minute from one address is more than any person sends.
const priceAlertLimiter = new RateLimiter('price-alert', 10, 60_000)

/**
 * A model page's "tell me when the price rises", as a server action: with scripts or without, the
 * answer comes back in the page. A known address is answered as a new one.
 */
export async function askForPriceAlert(_previous: FormAnswer, form: FormData): Promise<FormAnswer> {
  const typed = { email: field(form, 'email') }
  if (!(await priceAlertLimiter.take(clientKeyFrom(await headers()))).allowed) return { status: 'rate_limited', typed }
  const website = field(form, 'website')
  const checked = validatePriceAlert({ ...typed, model: field(form, 'model'), ...(website ? { website } : {}) })
  if (!checked.ok)
    return { status: 'invalid', typed, errors: checked.errors.map(({ field, code }) => ({ field, code })) }
  try {
    if (!(await requestPriceAlert(checked.value.email, checked.value.model))) {
      return { status: 'invalid', typed, errors: [{ field: 'model', code: 'unknown' }] }
    }
    return { status: 'created' }
  } catch (error) {
    console.error(`Price alert not stored: ${describeError(error)}`)
    return { status: 'failed', typed }
  }
}

export type LinkAnswer = { status: 'idle' | 'done' | 'invalid' | 'failed'; modelName?: string | null; topic?: string }

/** The confirm page's button: the token comes from the link, in a hidden field. */
export async function confirmSubscriptionForm(_previous: LinkAnswer, form: FormData): Promise<LinkAnswer> {
  try {
    const confirmed = await confirmLink(field(form, 'token'))
    if (!confirmed) return { status: 'invalid' }
    return { status: 'done', topic: confirmed.subscription.topic, modelName: confirmed.modelName }
  } catch (error) {
    console.error(`Subscription not confirmed: ${describeError(error)}`)
    return { status: 'failed' }
  }
}

/** The unsubscribe page's button: the link's id and signature come in hidden fields. */
export async function unsubscribeForm(_previous: LinkAnswer, form: FormData): Promise<LinkAnswer> {
  try {
    const done = await unsubscribeLink({ s: field(form, 's'), t: field(form, 't') })
    return { status: done ? 'done' : 'invalid' }
  } catch (error) {
    console.error(`Unsubscribe failed: ${describeError(error)}`)
    return { status: 'failed' }
  }
}

function field(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

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
