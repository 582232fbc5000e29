import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { getStaffMember } from '@/auth/session'

/** Staff pages exist only for staff: everyone else, signed in or not, gets the 404 page. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  if (!(await getStaffMember())) notFound()
  return children
}
