/**
 * True when a browser sent the request from another site. Requests without an Origin header
 * (curl, server-to-server) are not browsers acting for a visitor, so they are let through.
 */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return false
  try {
    return new URL(origin).host !== request.headers.get('host')
  } catch {
    return true
  }
}
