import { StoreUnavailableError } from '@/content/submission-store'
import { signUpForNewsletter } from '@/lib/forms/newsletter-signup'
import { validateNewsletter } from '@/lib/forms/validation'
import { formEndpoint } from '@/lib/http/form-endpoint'
import { newsletterLimiter } from '@/lib/http/form-limits'

export const POST = formEndpoint({
  validate: validateNewsletter,
  store: signUpForNewsletter,
  limiter: newsletterLimiter,
  unavailable: StoreUnavailableError,
})
