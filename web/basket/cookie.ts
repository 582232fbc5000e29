import { arrivedOverHttps } from '@/http/https'

/**
 * The basket is found through an opaque random token in this cookie: HttpOnly (no script reads
 * it), SameSite=Lax (other sites cannot post into it), Secure whenever the site is served over
 * HTTPS, and kept for as long as a basket lives unused.
 */
export const BASKET_COOKIE = 'basket'
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export function basketCookie(token: string, request: Request) {
  return {
    name: BASKET_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: arrivedOverHttps(request),
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  }
}
