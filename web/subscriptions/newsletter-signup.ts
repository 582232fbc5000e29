import 'server-only'
import { describeError } from '@/lib/log'
import { requestNewsletter } from '@/subscriptions/service'
import type { NewsletterInput } from './validation'
import { StoreUnavailableError } from '@/forms/store-unavailable'

/**
 * A newsletter sign-up, for the form's action and `POST /api/newsletter` alike: a request stored
 * and a confirmation e-mailed (double opt-in: the address counts once its owner confirms). The
 * answer is the same whether or not the address was already on the list, so the form cannot be
 * used to learn who is subscribed.
 */
export async function signUpForNewsletter(value: NewsletterInput): Promise<'created'> {
  try {
    await requestNewsletter(value.email)
  } catch (error) {
    throw new StoreUnavailableError(describeError(error))
  }
  return 'created'
}
