import 'server-only'
import { headers } from 'next/headers'
import { cache } from 'react'
import { getAuth } from './auth'
import { isStaffRole } from './roles'

export type SignedIn = {
  user: { id: string; name: string; email: string; emailVerified: boolean; role: string | null }
  session: { id: string; expiresAt: Date }
}

/** The signed-in visitor for a request's headers, or null. The session is checked in the database. */
export async function getSignedIn(requestHeaders: Headers): Promise<SignedIn | null> {
  const auth = await getAuth()
  const found = await auth.api.getSession({ headers: requestHeaders, query: { disableCookieCache: true } })
  if (!found) return null
  const { user, session } = found
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: (user as { role?: string | null }).role ?? null,
    },
    session: { id: session.id, expiresAt: session.expiresAt },
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
