import { StoreUnavailableError } from '@/forms/store-unavailable'
import { signUpForNewsletter } from '@/subscriptions/newsletter-signup'
import { validateNewsletter } from '@/subscriptions/validation'
import { formEndpoint } from '@/forms/form-endpoint'
import { newsletterLimiter } from '@/http/form-limits'

export const POST = formEndpoint({
  validate: validateNewsletter,
  store: signUpForNewsletter,
  limiter: newsletterLimiter,
  unavailable: StoreUnavailableError,
})
