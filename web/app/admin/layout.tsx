import type { ReactNode } from 'react'
import { requireStaffMember } from '@/accounts/session'

/**
 * Staff pages exist only for staff with two-step login on: staff who have not set it up are sent
 * to do so, and everyone else, signed in or not, gets the 404 page.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireStaffMember()
  return children
}
