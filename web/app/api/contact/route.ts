import { ContactUnavailableError, receiveContactMessage } from '@/contact/service'
import { validateContact } from '@/contact/validation'
import { formEndpoint } from '@/forms/form-endpoint'
import { contactLimiter } from '@/http/form-limits'

export const POST = formEndpoint({
  validate: validateContact,
  store: receiveContactMessage,
  limiter: contactLimiter,
  unavailable: ContactUnavailableError,
})
