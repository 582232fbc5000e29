import { jsonResponse } from './json-request'
import { clientKey, type RateLimiter } from './rate-limit'
import { isCrossOrigin } from './same-origin'

/**
 * What every write endpoint refuses before reading a body: a post from another site (403) and a
 * client past its rate limit (429 with Retry-After). Null when the request may go on.
 */
export async function refuseWrite(
  request: Request,
  limiter: RateLimiter,
  messages: { crossOrigin: string; tooMany: string },
): Promise<Response | null> {
  if (isCrossOrigin(request))
    return jsonResponse(403, { ok: false, code: 'cross_origin', message: messages.crossOrigin })
  const quota = await limiter.take(clientKey(request))
  if (quota.allowed) return null
  return jsonResponse(
    429,
    { ok: false, code: 'rate_limited', message: `${messages.tooMany} Try again in ${quota.retryAfter} seconds.` },
    { 'retry-after': String(quota.retryAfter) },
  )
}
