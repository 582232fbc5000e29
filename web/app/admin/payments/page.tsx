import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { PaymentRunsList } from '@/components/admin/payment-runs/payment-runs-list'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { listRuns } from '@/orders/payment-runs/run-reads'

// Per request, for the manager signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.admin.payments.heading, robots: { index: false, follow: false } }
}

export default async function PaymentRunsPage() {
  const member = await requireStaffMember()
  // Managers only: staff meet the 404 everyone else does.
  if (member.user.role !== 'manager') notFound()
  const [copy, db] = await Promise.all([getOrderCopy(), getDb()])
  return <PaymentRunsList copy={copy} runs={await listRuns(db)} />
}
