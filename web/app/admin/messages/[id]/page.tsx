import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { MessageView } from '@/components/admin/messages/message-view'
import { getContactMessage } from '@/contact/store'
import { getContactInboxCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { firstValues, type Query } from '@/http/search-params'
import { offersOf } from '@/orders/manual-offers/offer-store'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Query> }

// The title names no sender: it is kept in the browser's history.
export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getContactInboxCopy)
  return { title: copy.list.heading, robots: { index: false, follow: false } }
}

export default async function AdminMessagePage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams.then(firstValues), requireStaffMember()])
  const db = await getDb()
  const [message, offers, copy] = await Promise.all([
    getContactMessage(db, id),
    offersOf(db, id),
    getContactInboxCopy(),
  ])
  if (!message) notFound()
  return <MessageView copy={copy} message={message} done={query.done ?? null} offers={offers} now={new Date()} />
}
