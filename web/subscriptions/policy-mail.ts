import 'server-only'
import { formatLongDate } from '@/lib/dates'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import type { SubscriptionMailContext } from './mail'
import type { PolicyChange } from './policy-mailing'

/**
 * The e-mail of a policy change, in the E-mails document's words ("Policy changed"): the page, the
 * day it takes effect and the editor's summary, with a button to the page. It goes to people from
 * every source, so it greets no one by name and carries no unsubscribe link: it is not a newsletter.
 */
export function policyChangedMail(
  to: string,
  change: PolicyChange,
  { copy, origin }: SubscriptionMailContext,
): QueuedEmail {
  const frame = { greeting: copy.greetingNoName, signOff: copy.signOff, footer: copy.footer }
  const values = {
    pageTitle: change.pageTitle ?? '',
    // A calendar day: read at noon UTC, it is the same day in London.
    changedOn: change.changedOn ? formatLongDate(new Date(`${change.changedOn}T12:00:00Z`)) : '',
    summary: change.summary ?? '',
  }
  return {
    ...renderEmail(frame, copy.policyChanged, values, to, `${origin}${change.path ?? '/'}`),
    kind: 'policy-changed',
  }
}
