import type { Metadata } from 'next'
import { LinkForm } from '@/components/subscriptions/link-form'
import { getSubscriptionCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { firstValues, type Query } from '@/http/search-params'
import { fillTemplate } from '@/lib/templates'
import { confirmSubscriptionForm } from '@/subscriptions/form-actions'
import { openConfirmLink } from '@/subscriptions/service'
import { CONFIRM_LINK_DAYS } from '@/subscriptions/store'

// The link's token decides what the page says: per request, never cached or indexed.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getSubscriptionCopy)
  return { title: copy.confirmPage.heading, robots: { index: false, follow: false } }
}

/** Where a confirmation e-mail's link leads: one button confirms the newsletter or a price alert. */
export default async function ConfirmSubscriptionPage({ searchParams }: { searchParams: Promise<Query> }) {
  const { token = '' } = firstValues(await searchParams)
  const [copy, opened] = await Promise.all([getSubscriptionCopy(), openConfirmLink(token)])
  const words = copy.confirmPage
  const invalid = fillTemplate(words.invalidLink, { days: CONFIRM_LINK_DAYS })
  const values = { address: opened?.subscription.email ?? '', model: opened?.modelName ?? '' }
  const isAlert = opened?.subscription.topic === 'price-alert'
  const done = fillTemplate(isAlert ? words.alertDone : words.newsletterDone, values)
  return (
    <article className="page">
      <header className="page__header">
        <h1>{words.heading}</h1>
      </header>
      {!opened ? (
        <p className="notice notice--problem">{invalid}</p>
      ) : opened.subscription.confirmedAt ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : (
        <LinkForm
          action={confirmSubscriptionForm}
          hidden={{ token }}
          text={fillTemplate(isAlert ? words.alertText : words.newsletterText, values)}
          button={words.buttonLabel}
        />
      )}
    </article>
  )
}
