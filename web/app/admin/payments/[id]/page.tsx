import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { recentlyChecked } from '@/accounts/step-up'
import { RunView } from '@/components/admin/payment-runs/run-view'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { firstValues, type Query } from '@/http/search-params'
import { getRun } from '@/orders/payment-runs/run-reads'

// Per request, for the manager signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Query> }

export const metadata: Metadata = { robots: { index: false, follow: false } }

export default async function PaymentRunPage({ params, searchParams }: Props) {
  const [{ id }, query, member] = await Promise.all([params, searchParams.then(firstValues), requireStaffMember()])
  if (member.user.role !== 'manager') notFound()
  const [copy, run, recent] = await Promise.all([getOrderCopy(), getRun(await getDb(), id), recentlyChecked(member)])
  if (!run) notFound()
  const skipped = Number(query.skipped)
  return (
    <RunView
      copy={copy}
      run={run}
      recheckNeeded={!recent}
      notice={{
        done: query.done,
        skipped: Number.isInteger(skipped) && skipped > 0 ? skipped : undefined,
        downloadProblem: query.download,
      }}
    />
  )
}
