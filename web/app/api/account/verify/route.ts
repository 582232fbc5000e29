import { isAPIError } from 'better-auth/api'
import { forwardedHeaders } from '@/auth/account-endpoint'
import { getAuth } from '@/auth/auth'
import { accountLimits } from '@/auth/limits'
import { clientKey } from '@/lib/http/rate-limit'
import { seeOther } from '@/lib/http/see-other'

export const dynamic = 'force-dynamic'

/**
 * The link in the verification e-mail. A good token marks the address verified and signs the
 * visitor in; a used, expired or forged one sends them to log in with a plain message.
 */
export async function GET(request: Request) {
  if (!accountLimits.verify.take(clientKey(request)).allowed) return onward('/login?problem=tooMany')
  const token = new URL(request.url).searchParams.get('token') ?? ''
  if (!token || token.length > 2048) return onward('/login?problem=linkInvalid')
  const auth = await getAuth()
  try {
    const verified = await auth.api.verifyEmail({
      query: { token },
      headers: forwardedHeaders(request),
      returnHeaders: true,
    })
    const response = onward('/profile?notice=verified')
    for (const cookie of verified.headers?.getSetCookie() ?? []) response.headers.append('set-cookie', cookie)
    return response
  } catch (error) {
    if (!isAPIError(error)) throw error
    return onward('/login?problem=linkInvalid')
  }
}

/** Onward from the link, telling no page where the token was. */
function onward(path: string) {
  const response = seeOther(path)
  response.headers.set('referrer-policy', 'no-referrer')
  return response
}
