import 'server-only'
import { linkOrigin } from '@/mail/link-origin'
import { getEmailCopy } from '@/content/loaders'
import type { SubscriptionMailContext } from './mail'

/** For e-mails nobody's request is waiting on (price alerts): where every e-mail's links start. */
export async function jobOrigin(): Promise<string> {
  return linkOrigin()
}

export async function mailContext(origin: string): Promise<SubscriptionMailContext> {
  return { copy: await getEmailCopy(), origin }
}
