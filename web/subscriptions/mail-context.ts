import 'server-only'
import { siteOrigin } from '@/config'
import { getEmailCopy, getSiteSettings } from '@/content/loaders'
import type { SubscriptionMailContext } from './mail'

/** For e-mails nobody's request is waiting on (price alerts): SITE_URL, or Site settings' address. */
export async function jobOrigin(): Promise<string> {
  return siteOrigin() ?? new URL((await getSiteSettings()).siteUrl).origin
}

export async function mailContext(origin: string): Promise<SubscriptionMailContext> {
  return { copy: await getEmailCopy(), origin }
}
