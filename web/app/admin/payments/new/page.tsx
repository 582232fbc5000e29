import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { recentlyChecked } from '@/accounts/step-up'
import { NewRunForm } from '@/components/admin/payment-runs/new-run-form'
import { StaffPage } from '@/components/admin/staff-page'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { readyOrders } from '@/orders/payment-runs/payment-runs'
import '@/styles/admin.css'

// Per request, for the manager signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.admin.payments.newHeading, robots: { index: false, follow: false } }
}

export default async function NewPaymentRunPage() {
  const member = await requireStaffMember()
  if (member.user.role !== 'manager') notFound()
  const [copy, db, recent] = await Promise.all([getOrderCopy(), getDb(), recentlyChecked(member)])
  const orders = await readyOrders(db)
  const text = copy.admin.payments
  return (
    <StaffPage
      back={{ href: '/admin/payments', label: text.backToRuns }}
      heading={text.newHeading}
      intro={text.newHelp}
    >
      <NewRunForm
        text={copy.admin}
        statusNames={Object.fromEntries(copy.statuses.map((status) => [status.key, status.name]))}
        orders={orders}
        recheckNeeded={!recent}
      />
    </StaffPage>
  )
}
