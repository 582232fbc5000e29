import type { Metadata } from 'next'
import { COLLECTION_PAYOUT_METHOD } from '@/collections/payment/bank-details-validation'
import { collectionBankForm } from '@/collections/payment/bank-form'
import { readBankLink } from '@/collections/payment/payment-store'
import { CollectionBankForm } from '@/components/forms/collection-bank-form'
import { payeeQuestions } from '@/components/orders/payee-questions'
import { formField, type CheckoutField } from '@/components/orders/payout-choice'
import { getContactInboxCopy, getOrderCopy, getSiteSettings } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { firstValues, type Query } from '@/http/search-params'
import { formatPenceExact } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { orderProblemMessages } from '@/orders/checkout/problems'

// The link's token decides what the page says: per request, never cached or indexed.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getContactInboxCopy)
  return { title: copy.collectionPayment.pageHeading, robots: { index: false, follow: false } }
}

/** Where a quote's e-mail leads: the business gives the account its devices are paid into, once. */
export default async function CollectionBankDetailsPage({ searchParams }: { searchParams: Promise<Query> }) {
  const { token = '', saved } = firstValues(await searchParams)
  const [copy, orders, settings, link] = await Promise.all([
    getContactInboxCopy().then((inbox) => inbox.collectionPayment),
    getOrderCopy(),
    getSiteSettings(),
    saved ? null : getDb().then((db) => readBankLink(db, token)),
  ])
  return (
    <article className="page">
      <header className="page__header">
        <h1>{copy.pageHeading}</h1>
      </header>
      {saved ? (
        <p className="notice" role="status">
          {copy.saved}
        </p>
      ) : !link ? (
        <p className="notice notice--problem" data-problem="linkInvalid">
          {copy.invalidLink}
        </p>
      ) : link.expired ? (
        <p className="notice notice--problem" data-problem="linkExpired">
          {fillTemplate(copy.expiredLink, { phone: settings.contactPhone })}
        </p>
      ) : (
        <>
          <p>
            {fillTemplate(copy.pageIntro, {
              organisation: link.organisation,
              total: formatPenceExact(link.amountPence),
            })}
          </p>
          <CollectionBankForm
            action={collectionBankForm}
            fields={(COLLECTION_PAYOUT_METHOD.fields as readonly CheckoutField[]).map((field) =>
              formField(orders.checkout, field),
            )}
            hidden={{ token }}
            questions={payeeQuestions(orders)}
            submitLabel={copy.submit}
            messages={{
              ...orderProblemMessages(orders),
              linkInvalid: copy.invalidLink,
              linkExpired: fillTemplate(copy.expiredLink, { phone: settings.contactPhone }),
            }}
            summaryTitle={copy.problemsTitle}
          />
        </>
      )}
    </article>
  )
}
