import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { getStaffMember, getStaffToEnrol } from '@/accounts/session'
import { enrolmentOf } from '@/accounts/two-factor'
import { TwoFactorSetup } from '@/components/admin/two-factor-setup'
import { getAccountCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getAccountCopy)
  return { title: copy.staff.enrolHeading, robots: { index: false, follow: false } }
}

/** Where staff set up two-step login before /admin shows them anything. */
export default async function StaffSetupPage() {
  const [member, copy] = await Promise.all([getStaffToEnrol(), getAccountCopy()])
  if (!member) {
    if (await getStaffMember()) redirect('/admin')
    notFound()
  }
  const enrolment = await enrolmentOf(member)
  return <TwoFactorSetup copy={copy} enrolment={enrolment} />
}
