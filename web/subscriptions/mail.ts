import 'server-only'
import type { EmailCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import { confirmPath, oneClickPath, unsubscribePath } from './links'
import { CONFIRM_LINK_DAYS } from './store'

export type SubscriptionMailContext = { copy: EmailCopy; origin: string }
type Subscriber = { id: string; email: string }

/**
 * One e-mail to a subscriber in the E-mails document's words: the subscribers' footer, an
 * unsubscribe link at its foot, and both List-Unsubscribe headers, so a mail client offers its own
 * one-click button. A confirmation request carries them too: it ends the request unconfirmed.
 */
function subscriberMail(
  kind: string,
  words: EmailCopy['newsletterConfirm'],
  to: Subscriber,
  values: Record<string, string | number>,
  link: string,
  { copy, origin }: SubscriptionMailContext,
): QueuedEmail {
  const frame = { greeting: copy.greetingNoName, signOff: copy.signOff, footer: copy.subscriptionFooter }
  const unsubscribe = { label: copy.unsubscribeLabel, href: `${origin}${unsubscribePath(to.id)}` }
  const message = renderEmail(frame, words, values, to.email, link, { unsubscribe })
  return { ...message, kind, listUnsubscribe: `${origin}${oneClickPath(to.id)}` }
}

export function newsletterConfirmMail(to: Subscriber, token: string, context: SubscriptionMailContext): QueuedEmail {
  const link = `${context.origin}${confirmPath(token)}`
  return subscriberMail(
    'newsletter-confirm',
    context.copy.newsletterConfirm,
    to,
    { days: CONFIRM_LINK_DAYS },
    link,
    context,
  )
}

export function priceAlertConfirmMail(
  to: Subscriber,
  token: string,
  model: { name: string },
  context: SubscriptionMailContext,
): QueuedEmail {
  const link = `${context.origin}${confirmPath(token)}`
  return subscriberMail(
    'price-alert-confirm',
    context.copy.priceAlertConfirm,
    to,
    { days: CONFIRM_LINK_DAYS, model: model.name },
    link,
    context,
  )
}

export function priceAlertMail(
  to: Subscriber,
  rise: { name: string; href: string; from: number; to: number },
  context: SubscriptionMailContext,
): QueuedEmail {
  const values = { model: rise.name, oldPrice: formatPence(rise.from), price: formatPence(rise.to) }
  return subscriberMail('price-alert', context.copy.priceAlert, to, values, `${context.origin}${rise.href}`, context)
}
