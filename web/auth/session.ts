import 'server-only'
import { eq } from 'drizzle-orm'
import { headers } from 'next/headers'
import { cache } from 'react'
import { getDb } from '@/orders/db'
import { session as sessionTable } from '@/orders/schema'
import { getAuth } from './auth'
import { STAFF_SESSION_SECONDS } from './lifetimes'
import { isStaffRole } from './roles'

export type SignedIn = {
  user: { id: string; name: string; email: string; emailVerified: boolean; role: string | null }
  session: { id: string; expiresAt: Date; createdAt: Date }
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
    },
    session: { id: session.id, expiresAt: session.expiresAt, createdAt: session.createdAt },
  }
}

/** For pages and layouts: the visitor behind the current request, looked up once per render. */
export const getPageVisitor = cache(async (): Promise<SignedIn | null> => getSignedIn(await headers()))

/** Staff or manager, else null: staff pages answer 404 to everyone else. */
export async function getStaffMember(): Promise<(SignedIn & { user: { role: 'staff' | 'manager' } }) | null> {
  const visitor = await getPageVisitor()
  if (!visitor || !isStaffRole(visitor.user.role)) return null
  return visitor as SignedIn & { user: { role: 'staff' | 'manager' } }
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}
