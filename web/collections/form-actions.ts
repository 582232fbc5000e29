'use server'

import { getCollectionFormWords, getPricingRules } from '@/content/loaders'
import { formAction } from '@/forms/form-action'
import { collectionLimiter } from '@/http/form-limits'
import { fillTemplate } from '@/lib/templates'
import { receiveCollectionRequest } from './service'
import { COLLECTION_FIELDS, COLLECTION_LIMITS } from './fields'
import { validateCollectionRequest, type CollectionInput } from './validation'
import { LIMITS } from '@/forms/limits'

type Words = Awaited<ReturnType<typeof getCollectionFormWords>>
type Field = (typeof COLLECTION_FIELDS)[number]

// Each field's own words when it is missing or not right.
const FIELD_WORDS: Record<Field, keyof Words> = {
  organisation: 'organisationMissingMessage',
  contactName: 'contactNameMissingMessage',
  email: 'emailInvalidMessage',
  phone: 'phoneInvalidMessage',
  address: 'addressMissingMessage',
  postcode: 'postcodeInvalidMessage',
  deviceCount: 'deviceCountInvalidMessage',
  devices: 'devicesMissingMessage',
  preferredDates: 'preferredDatesMissingMessage',
  sicCode: 'sicCodeInvalidMessage',
}

/** The request's own fields and the honeypot: the section's key is the form's, not the request's. */
const posted = (body: Record<string, string>) => ({
  ...Object.fromEntries(COLLECTION_FIELDS.map((field) => [field, body[field] ?? ''])),
  ...(body.website ? { website: body.website } : {}),
})

const longest = (field: string) =>
  field === 'email' ? LIMITS.email : (COLLECTION_LIMITS[field as keyof typeof COLLECTION_LIMITS] ?? '')

/**
 * The business recycling page's request for a collection: rate-limited, checked against the fewest
 * devices Pricing rules allow, stored with its acknowledgement e-mail, and answered in place in the
 * words of the page section the form is on (its key comes in a hidden field), what was typed given
 * back whenever the request was not taken.
 */
export const requestCollection = formAction<CollectionInput, string>({
  limiter: collectionLimiter,
  page: '/',
  // The fewest devices is the editors' number, read with the content.
  validate: async (body) => validateCollectionRequest(posted(body), (await getPricingRules()).collectionMinimum),
  run: async (request, { body }) => {
    await receiveCollectionRequest(request)
    return { ok: true, done: (await getCollectionFormWords(body.section ?? '')).successMessage }
  },
  words: async (body) => {
    const words = await getCollectionFormWords(body.section ?? '')
    return (code, _fill, field) => {
      switch (code) {
        case 'tooLong':
          return fillTemplate(words.tooLongMessage, { max: longest(field ?? '') })
        case 'plainText':
          return words.plainTextMessage
        case 'deviceCountTooFew':
          return words.deviceCountTooFewMessage
        case 'tooMany':
          return words.rateLimitedMessage
        case 'unavailable':
        case 'crossOrigin':
        case 'spam':
          return words.errorMessage
        default:
          return words[FIELD_WORDS[field as Field] ?? 'errorMessage']
      }
    }
  },
  name: 'Collection request',
})
