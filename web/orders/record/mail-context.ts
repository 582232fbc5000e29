import 'server-only'
import { getEmailCopy, getOrderCopy, getSiteSettings } from '@/content/loaders'
import type { OrderMailContext } from './mail'

/** The E-mails document (its site facts written in), where links start and the review page, for `orderMail`. */
export async function loadOrderMailContext(origin: string): Promise<OrderMailContext> {
  const [copy, settings, orders] = await Promise.all([getEmailCopy(), getSiteSettings(), getOrderCopy()])
  return { copy, origin, reviewUrl: settings.reviewRating.url, checkout: orders.checkout }
}
