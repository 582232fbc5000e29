'use server'

import 'server-only'
import { getNewsletter, getSubscriptionCopy } from '@/content/loaders'
import { formAction } from '@/forms/form-action'
import type { ErrorCode } from '@/forms/field-checks'
import { newsletterLimiter } from '@/http/form-limits'
import { RateLimiter } from '@/http/rate-limit'
import { fillTemplate } from '@/lib/templates'
import { signUpForNewsletter } from './newsletter-signup'
import { confirmLink, requestPriceAlert, unsubscribeLink } from './service'
import { CONFIRM_LINK_DAYS } from './store'
import { validateNewsletter, validatePriceAlert } from './validation'

// As the newsletter's: ten a minute from one address is more than any person sends.
const priceAlertLimiter = new RateLimiter('price-alert', 10, 60_000)
// The links' buttons: one press each, and a person who presses again is never stopped.
const linkLimiter = new RateLimiter('subscription-link', 30, 60_000)

/** The honeypot's value, when a robot filled it in: the rules refuse it. */
const honeypot = (body: Record<string, string>) => (body.website ? { website: body.website } : {})

/**
 * The newsletter strip's sign-up: the same rules, store and rate limit as `POST /api/newsletter`.
 * The answer arrives in place (with scripts) or in the page a browser running none is sent back to;
 * a known address is answered as a new one.
 */
export const subscribe = formAction({
  limiter: newsletterLimiter,
  page: '/',
  validate: (body) =>
    validateNewsletter({ email: body.email ?? '', consent: body.consent === 'on', ...honeypot(body) }),
  run: async (input) => {
    await signUpForNewsletter(input)
    return { ok: true, done: (await getNewsletter()).successMessage }
  },
  words: async () => {
    const copy = await getNewsletter()
    return (code: ErrorCode | 'tooMany' | 'crossOrigin' | 'unavailable') =>
      code === 'consent_required'
        ? copy.consentRequiredMessage
        : code === 'tooMany'
          ? copy.rateLimitedMessage
          : code === 'unavailable' || code === 'crossOrigin' || code === 'spam_suspected'
            ? copy.errorMessage
            : copy.invalidEmailMessage
  },
  name: 'Newsletter sign-up',
})

/**
 * A model page's "tell me when the price rises": answered in place, and the same for an address
 * that already has the alert. A model that is not published is refused before anything is stored.
 */
export const askForPriceAlert = formAction({
  limiter: priceAlertLimiter,
  page: '/',
  validate: (body) => validatePriceAlert({ email: body.email ?? '', model: body.model ?? '', ...honeypot(body) }),
  run: async ({ email, model }) => {
    if (!(await requestPriceAlert(email, model))) return { ok: false, errors: [{ field: 'model', code: 'required' }] }
    return { ok: true, done: (await getSubscriptionCopy()).alertForm.successMessage }
  },
  words: async () => {
    const copy = (await getSubscriptionCopy()).alertForm
    return (code: ErrorCode | 'tooMany' | 'crossOrigin' | 'unavailable', _fill?: unknown, field?: string) =>
      code === 'tooMany'
        ? copy.rateLimitedMessage
        : code === 'unavailable' || code === 'crossOrigin' || code === 'spam_suspected'
          ? copy.errorMessage
          : field === 'model'
            ? copy.unknownModelMessage
            : copy.invalidEmailMessage
  },
  name: 'Price alert',
})

/** The confirm page's button: the token comes from the link, in a hidden field. */
export const confirmSubscriptionForm = formAction({
  limiter: linkLimiter,
  page: '/confirm-subscription',
  validate: (body) => ({ ok: true, value: body.token ?? '' }),
  run: async (token) => {
    const confirmed = await confirmLink(token)
    if (!confirmed) return { ok: false, errors: 'linkInvalid' }
    const words = (await getSubscriptionCopy()).confirmPage
    const done = confirmed.subscription.topic === 'price-alert' ? words.alertDone : words.newsletterDone
    return {
      ok: true,
      done: fillTemplate(done, { address: confirmed.subscription.email, model: confirmed.modelName ?? '' }),
    }
  },
  words: async () => {
    const words = (await getSubscriptionCopy()).confirmPage
    return (code: 'linkInvalid' | 'tooMany' | 'crossOrigin' | 'unavailable') =>
      code === 'linkInvalid' ? fillTemplate(words.invalidLink, { days: CONFIRM_LINK_DAYS }) : words.failedMessage
  },
  name: 'Subscription confirmation',
})

/** The unsubscribe page's button: the link's id and signature come in hidden fields. */
export const unsubscribeForm = formAction({
  limiter: linkLimiter,
  page: '/unsubscribe',
  validate: (body) => ({ ok: true, value: { s: body.s ?? '', t: body.t ?? '' } }),
  run: async (link) => {
    if (!(await unsubscribeLink(link))) return { ok: false, errors: 'linkInvalid' }
    return { ok: true, done: (await getSubscriptionCopy()).unsubscribePage.done }
  },
  words: async () => {
    const words = (await getSubscriptionCopy()).unsubscribePage
    return (code: 'linkInvalid' | 'tooMany' | 'crossOrigin' | 'unavailable') =>
      code === 'linkInvalid' ? words.invalidLink : words.failedMessage
  },
  name: 'Unsubscribe',
})
