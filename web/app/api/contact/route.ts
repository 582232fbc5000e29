import { StoreUnavailableError, storeContactMessage } from '@/content/submission-store'
import { validateContact } from '@/lib/forms/validation'
import { formEndpoint } from '@/lib/http/form-endpoint'
import { RateLimiter } from '@/lib/http/rate-limit'

const limiter = new RateLimiter(5, 60_000)

export const POST = formEndpoint({
  validate: validateContact,
  store: storeContactMessage,
  limiter,
  unavailable: StoreUnavailableError,
})
