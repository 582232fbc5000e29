import { StoreUnavailableError, storeSubscription } from '@/content/submission-store'
import { validateNewsletter } from '@/lib/forms/validation'
import { formEndpoint } from '@/lib/http/form-endpoint'
import { newsletterLimiter } from '@/lib/http/form-limits'

export const POST = formEndpoint({
  validate: validateNewsletter,
  store: storeSubscription,
  limiter: newsletterLimiter,
  unavailable: StoreUnavailableError,
})
