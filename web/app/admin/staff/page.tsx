import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { listStaff } from '@/accounts/staff-invitations'
import { StaffAccounts } from '@/components/admin/staff/staff-accounts'
import { getAccountCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getAccountCopy)
  return { title: copy.staff.staffAccountsLink, robots: { index: false, follow: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** Managers only: the staff accounts, and resetting a lost authenticator. */
export default async function StaffAccountsPage({ searchParams }: Props) {
  const member = await requireStaffMember()
  if (member.user.role !== 'manager') notFound()
  const [copy, people, query] = await Promise.all([getAccountCopy(), listStaff(await getDb()), searchParams])
  return <StaffAccounts copy={copy} people={people} selfId={member.user.id} reset={query.reset === '1'} />
}
