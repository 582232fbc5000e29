import { seeOther } from '@/http/see-other'

export const dynamic = 'force-dynamic'

/**
 * Where verification links pointed before: opening a link never verifies or signs in (see
 * confirmEmail), so an old link leads to the page that asks for the password, token and all.
 */
export function GET(request: Request) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const response = seeOther(`/confirm-email?token=${encodeURIComponent(token.slice(0, 2048))}`)
  response.headers.set('referrer-policy', 'no-referrer')
  return response
}
