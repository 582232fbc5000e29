import 'server-only'
import { getEmailCopy, getSiteSettings } from '@/content/loaders'
import type { OrderMailContext } from './mail'

/** The E-mails document (its site facts written in), where links start and the review page, for `orderMail`. */
export async function loadOrderMailContext(origin: string): Promise<OrderMailContext> {
  const [copy, settings] = await Promise.all([getEmailCopy(), getSiteSettings()])
  return { copy, origin, reviewUrl: settings.reviewRating.url }
}
