import { StoreUnavailableError, storeContactMessage } from '@/content/submission-store'
import { validateContact } from '@/lib/forms/validation'
import { formEndpoint } from '@/lib/http/form-endpoint'
import { contactLimiter } from '@/lib/http/form-limits'

export const POST = formEndpoint({
  validate: validateContact,
  store: storeContactMessage,
  limiter: contactLimiter,
  unavailable: StoreUnavailableError,
})
