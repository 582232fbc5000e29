/**
 * True when a browser sent the request from another site. Requests without an Origin header
 * (curl, server-to-server) are not browsers acting for a visitor, so they are let through.
 * A page sent with `Referrer-Policy: no-referrer` (a reset link, an order link) makes the browser
 * send `Origin: null` with its forms; the browser's own Sec-Fetch-Site then says where it came from.
 */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return false
  if (origin === 'null') return request.headers.get('sec-fetch-site') !== 'same-origin'
  try {
    return new URL(origin).host !== request.headers.get('host')
  } catch {
    return true
  }
}
