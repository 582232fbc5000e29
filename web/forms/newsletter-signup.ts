import 'server-only'
import { sendNewsletterWelcome } from '@/accounts/mail'
import { storeSubscription } from '@/content/submission-store'
import type { NewsletterInput } from './newsletter-validation'

/**
 * A newsletter sign-up, for the form's action and `POST /api/newsletter` alike: stored, and a
 * confirmation e-mailed to a new address. The answer is the same whether or not the address was
 * already on the list, so the form cannot be used to learn who is subscribed.
 */
export async function signUpForNewsletter(value: NewsletterInput): Promise<'created'> {
  if ((await storeSubscription(value)) === 'created') await sendNewsletterWelcome(value.email)
  return 'created'
}
