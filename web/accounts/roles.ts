import { createAccessControl } from 'better-auth/plugins/access'
import { adminAc, defaultStatements, userAc } from 'better-auth/plugins/admin/access'

/**
 * Who may do what. Sellers are "user"; "staff" run orders; a "manager" also manages staff and may
 * reveal a seller's bank details (recorded each time, in the next issue).
 */
export const statements = {
  ...defaultStatements,
  order: ['list', 'view', 'update', 'reveal-payout'],
} as const

export const accessControl = createAccessControl(statements)

export const roles = {
  user: accessControl.newRole({ ...userAc.statements, order: [] }),
  staff: accessControl.newRole({ user: ['list', 'get'], session: [], order: ['list', 'view', 'update'] }),
  manager: accessControl.newRole({ ...adminAc.statements, order: ['list', 'view', 'update', 'reveal-payout'] }),
}

export type Role = keyof typeof roles
export const STAFF_ROLES: readonly Role[] = ['staff', 'manager']

export function isStaffRole(role: string | null | undefined): role is 'staff' | 'manager' {
  return role === 'staff' || role === 'manager'
}
