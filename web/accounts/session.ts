import 'server-only'
import { eq } from 'drizzle-orm'
import { headers } from 'next/headers'
import { notFound, redirect } from 'next/navigation'
import { cache } from 'react'
import { getDb } from '@/db/connection'
import { session as sessionTable } from '@/db/schema'
import { getAuth } from './auth'
import { STAFF_SESSION_SECONDS } from './lifetimes'
import { isStaffRole } from './roles'

export type SignedIn = {
  user: {
    id: string
    name: string
    email: string
    emailVerified: boolean
    role: string | null
    /** Two-step login is on (an authenticator app enrolled and its first code checked). */
    twoFactorEnabled: boolean
  }
  session: {
    id: string
    expiresAt: Date
    createdAt: Date
    /** When this session passed the second step of logging in; null if the password alone made it. */
    secondFactorAt: Date | null
  }
}

/** The signed-in visitor for a request's headers, or null. The session is checked in the database. */
export async function getSignedIn(requestHeaders: Headers): Promise<SignedIn | null> {
  const auth = await getAuth()
  const found = await auth.api.getSession({ headers: requestHeaders, query: { disableCookieCache: true } })
  if (!found) return null
  const { user, session } = found
  const role = (user as { role?: string | null }).role ?? null
  // Staff sessions last hours, whatever "remember me" said: the session ends and is removed.
  if (isStaffRole(role) && Date.now() - session.createdAt.getTime() > STAFF_SESSION_SECONDS * 1000) {
    const db = await getDb()
    await db.delete(sessionTable).where(eq(sessionTable.id, session.id))
    return null
  }
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role,
      twoFactorEnabled: (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
    },
    session: {
      id: session.id,
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
      secondFactorAt: dateOrNull((session as { secondFactorAt?: Date | string | null }).secondFactorAt),
    },
  }
}

/** For pages and layouts: the visitor behind the current request, looked up once per render. */
export const getPageVisitor = cache(async (): Promise<SignedIn | null> => getSignedIn(await headers()))

export type StaffMember = SignedIn & { user: { role: 'staff' | 'manager' } }

/** Staff or manager with two-step login on, else null: staff pages answer 404 to everyone else. */
export async function getStaffMember(): Promise<StaffMember | null> {
  const visitor = await getPageVisitor()
  return visitor && isActiveStaff(visitor) ? visitor : null
}

/** Who sent a staff form: active staff, or null, for whom it is a 404 (formAction's `only`). */
export async function activeStaffFrom(incoming: Headers): Promise<StaffMember | null> {
  const visitor = await getSignedIn(incoming)
  return visitor && isActiveStaff(visitor) ? visitor : null
}

/** Staff or manager who has not set up two-step login yet: they see only its set-up. */
export async function getStaffToEnrol(): Promise<StaffMember | null> {
  const visitor = await getPageVisitor()
  if (!visitor || !isStaffRole(visitor.user.role) || visitor.user.twoFactorEnabled) return null
  return visitor as StaffMember
}

/**
 * For staff pages: the staff member, or, for staff who have not set up two-step login, its
 * set-up page; everyone else gets the 404 page.
 */
export async function requireStaffMember(): Promise<StaffMember> {
  const member = await getStaffMember()
  if (member) return member
  if (await getStaffToEnrol()) redirect('/staff-setup')
  notFound()
}

/**
 * Whoever may act as staff: the role, two-step login on, and this session made by its second step
 * (or by finishing enrolment). A password alone is not enough, even one that logged in before
 * two-step login was set up.
 */
export function isActiveStaff(visitor: SignedIn): visitor is StaffMember {
  return isStaffRole(visitor.user.role) && visitor.user.twoFactorEnabled && visitor.session.secondFactorAt !== null
}

function dateOrNull(value: Date | string | null | undefined): Date | null {
  return value ? new Date(value) : null
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}
