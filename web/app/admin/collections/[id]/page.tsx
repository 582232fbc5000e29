import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { collectionDevices } from '@/collections/devices-store'
import { collectionDocumentOf } from '@/collections/paperwork/paperwork-store'
import { collectionPaymentOf } from '@/collections/payment/payment-store'
import { collectionQuoteHistory } from '@/collections/quote/quote-store'
import { reportPath } from '@/collections/paperwork/report-link'
import { wasteNotePath } from '@/collections/paperwork/waste-note-link'
import { getCollectionRequest } from '@/collections/store'
import { CollectionView } from '@/components/admin/collections/collection-view'
import { getConditionGrades, getContactInboxCopy, getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { firstValues, type Query } from '@/http/search-params'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Query> }

// The title names no business: it is kept in the browser's history.
export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getContactInboxCopy)
  return { title: copy.collections.heading, robots: { index: false, follow: false } }
}

export default async function AdminCollectionPage({ params, searchParams }: Props) {
  const [{ id }, query, member] = await Promise.all([params, searchParams.then(firstValues), requireStaffMember()])
  const db = await getDb()
  const [request, devices, certificate, wasteNote, report, copy, orderCopy, quote, payment, grades] = await Promise.all(
    [
      getCollectionRequest(db, id),
      collectionDevices(db, id),
      collectionDocumentOf(db, id, 'certificate'),
      collectionDocumentOf(db, id, 'waste-note'),
      collectionDocumentOf(db, id, 'report'),
      getContactInboxCopy(),
      getOrderCopy(),
      collectionQuoteHistory(db, id),
      collectionPaymentOf(db, id),
      getConditionGrades(),
    ],
  )
  if (!request) notFound()
  const added = Number(query.added)
  return (
    <CollectionView
      copy={copy.collections}
      paymentCopy={copy.collectionPayment}
      payment={{
        view: payment,
        canPay: member.user.role === 'manager',
        done: query.paid === '1',
        relinked: query.relinked === '1',
      }}
      request={request}
      done={query.done ?? null}
      devices={devices}
      added={Number.isSafeInteger(added) && added > 0 ? added : null}
      devicesOpen={request.status === 'collected' && !certificate && !quote.sent}
      certificate={certificate?.number ?? null}
      wasteNote={
        wasteNote
          ? { number: wasteNote.number, href: wasteNotePath(wasteNote.number), label: orderCopy.wasteNote.link }
          : null
      }
      report={
        report
          ? { number: report.number, href: reportPath(report.number), label: orderCopy.collectionReport.link }
          : null
      }
      issued={query.issued === 'certificate'}
      quote={{
        ...quote,
        workingDays: copy.quoteWorkingDays,
        grades: grades.map(({ key, name }) => ({ key, name })),
        done: query.quoted ? 'sent' : query.valued ? 'valued' : null,
      }}
    />
  )
}
