import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { quoteTimer } from '@/collections/statuses'
import { listCollectionRequests } from '@/collections/store'
import { CollectionsList } from '@/components/admin/collections/collections-list'
import { getContactInboxCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { businessCalendar } from '@/orders/record/business-calendar'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getContactInboxCopy)
  return { title: copy.collections.heading, robots: { index: false, follow: false } }
}

export default async function AdminCollectionsPage() {
  // Checked here too, as a layout and its page render in parallel (one session lookup: it is cached).
  const [, copy, db, calendar] = await Promise.all([
    requireStaffMember(),
    getContactInboxCopy(),
    getDb(),
    businessCalendar(),
  ])
  const now = new Date()
  const requests = (await listCollectionRequests(db)).map((request) => ({
    ...request,
    quote: quoteTimer(request, now, copy.quoteWorkingDays, calendar),
  }))
  return <CollectionsList copy={copy.collections} requests={requests} />
}
