import { StoreUnavailableError, storeSubscription } from '@/content/submission-store'
import { validateNewsletter } from '@/lib/forms/validation'
import { formEndpoint } from '@/lib/http/form-endpoint'
import { RateLimiter } from '@/lib/http/rate-limit'

// Ten sign-ups a minute from one address is already more than a person makes.
const limiter = new RateLimiter(10, 60_000)

export const POST = formEndpoint({
  validate: validateNewsletter,
  store: storeSubscription,
  limiter,
  unavailable: StoreUnavailableError,
})
