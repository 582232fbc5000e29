import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getStaffMember } from '@/auth/session'
import { StaffHome } from '@/components/admin/staff-home'
import { getAccountCopy } from '@/content/loaders'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await getAccountCopy()
  return { title: copy.staff.heading, robots: { index: false, follow: false } }
}

export default async function AdminPage() {
  // Checked here too, as a layout and its page render in parallel (one session lookup: it is cached).
  const [member, copy] = await Promise.all([getStaffMember(), getAccountCopy()])
  if (!member) notFound()
  return <StaffHome copy={copy.staff} member={member.user} />
}
