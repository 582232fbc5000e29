import 'server-only'
import { getEmailCopy, getPricingRules, getSiteSettings } from '@/content/loaders'
import type { OrderMailContext } from './order-mail'

/** The E-mails document, the site's contact details and the price hold, for `orderMail`. */
export async function loadOrderMailContext(origin: string): Promise<OrderMailContext> {
  const [copy, settings, rules] = await Promise.all([getEmailCopy(), getSiteSettings(), getPricingRules()])
  return { copy, settings, holdDays: rules.priceHoldDays, origin }
}
