import { storeContactMessage } from '@/content/submission-store'
import { StoreUnavailableError } from '@/content/submission-types'
import { validateContact } from '@/forms/validation'
import { formEndpoint } from '@/http/form-endpoint'
import { contactLimiter } from '@/http/form-limits'

export const POST = formEndpoint({
  validate: validateContact,
  store: storeContactMessage,
  limiter: contactLimiter,
  unavailable: StoreUnavailableError,
})
