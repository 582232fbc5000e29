import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { getStaffMember, getStaffToEnrol } from '@/accounts/session'
import { setupLinkOwner } from '@/accounts/staff-invitations'
import { enrolmentOf } from '@/accounts/two-factor'
import { StaffInvitation, TwoFactorSetup } from '@/components/admin/staff/two-factor-setup'
import { getAccountCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getAccountCopy)
  return { title: copy.staff.enrolHeading, robots: { index: false, follow: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/**
 * Where staff set up two-step login before /admin shows them anything: from the link in their
 * invitation (`?token=`), which asks for their password, then in that session alone.
 */
export default async function StaffSetupPage({ searchParams }: Props) {
  const { token } = await searchParams
  const copy = await getAccountCopy()
  if (typeof token === 'string') {
    const valid = Boolean(await setupLinkOwner(await getDb(), token))
    return <StaffInvitation copy={copy} token={valid ? token : null} />
  }
  const member = await getStaffToEnrol()
  if (!member) {
    if (await getStaffMember()) redirect('/admin')
    notFound()
  }
  const enrolment = await enrolmentOf(member)
  return <TwoFactorSetup copy={copy} enrolment={enrolment} />
}
