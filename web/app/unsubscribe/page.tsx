import type { Metadata } from 'next'
import { LinkForm } from '@/components/subscriptions/link-form'
import { getSubscriptionCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { firstValues, type Query } from '@/http/search-params'
import { fillTemplate } from '@/lib/templates'
import { unsubscribeForm } from '@/subscriptions/form-actions'
import { openUnsubscribeLink } from '@/subscriptions/service'

// The link decides what the page says: per request, never cached or indexed.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getSubscriptionCopy)
  return { title: copy.unsubscribePage.heading, robots: { index: false, follow: false } }
}

/**
 * Where the unsubscribe link at the foot of a subscriber's e-mail leads: one button, no login. A
 * link whose subscription has already ended says so; a damaged one says that instead.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Query> }) {
  const { s = '', t = '' } = firstValues(await searchParams)
  const [copy, link] = await Promise.all([getSubscriptionCopy(), openUnsubscribeLink({ s, t })])
  const words = copy.unsubscribePage
  const opened = link.valid ? link.opened : null
  const values = { address: opened?.subscription.email ?? '', model: opened?.modelName ?? '' }
  const isAlert = opened?.subscription.topic === 'price-alert'
  return (
    <article className="page">
      <header className="page__header">
        <h1>{words.heading}</h1>
      </header>
      {!link.valid ? (
        <p className="notice notice--problem">{words.invalidLink}</p>
      ) : !opened ? (
        <p className="notice" role="status">
          {words.done}
        </p>
      ) : (
        <LinkForm
          action={unsubscribeForm}
          hidden={{ s, t }}
          text={fillTemplate(isAlert ? words.alertText : words.newsletterText, values)}
          button={words.buttonLabel}
        />
      )}
    </article>
  )
}
