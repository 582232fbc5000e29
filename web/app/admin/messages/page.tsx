import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { MessagesList } from '@/components/admin/messages/messages-list'
import { parseContactSearch, parseContactStatusFilter } from '@/contact/search'
import { listContactMessages } from '@/contact/store'
import { getContactInboxCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { firstValues, type Query } from '@/http/search-params'
import { businessCalendar } from '@/orders/record/business-calendar'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getContactInboxCopy)
  return { title: copy.list.heading, robots: { index: false, follow: false } }
}

export default async function AdminMessagesPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = firstValues(await searchParams)
  const status = parseContactStatusFilter(query.status)
  // Checked here too, as a layout and its page render in parallel (one session lookup: it is cached).
  const [, copy, db, calendar] = await Promise.all([
    requireStaffMember(),
    getContactInboxCopy(),
    getDb(),
    businessCalendar(),
  ])
  const messages = await listContactMessages(db, { status, words: parseContactSearch(query.q) })
  return (
    <MessagesList
      copy={copy}
      messages={messages}
      filter={{ status: status ?? '', search: query.q ?? '' }}
      timing={{ now: new Date(), calendar }}
    />
  )
}
