import { firstName, getSignedIn } from '@/accounts/session'
import { isStaffRole } from '@/accounts/roles'

export const dynamic = 'force-dynamic'

/** Who is signed in, for the header's account link: a first name and nothing more. Never cached. */
export async function GET(request: Request) {
  const visitor = await getSignedIn(request.headers).catch(() => null)
  const body = visitor
    ? { signedIn: true, firstName: firstName(visitor.user.name), staff: isStaffRole(visitor.user.role) }
    : { signedIn: false }
  return Response.json(body, { headers: { 'cache-control': 'private, no-store' } })
}
