import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { RisesList } from '@/components/admin/queues/rises-list'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { waitingRises } from '@/orders/moves/rise-store'

// Per request, for the manager signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.rises.listHeading, robots: { index: false, follow: false } }
}

export default async function RisesPage() {
  const member = await requireStaffMember()
  // Managers only, as deciding is: staff meet the 404 everyone else does.
  if (member.user.role !== 'manager') notFound()
  const [copy, db] = await Promise.all([getOrderCopy(), getDb()])
  return <RisesList copy={copy} rises={await waitingRises(db)} />
}
