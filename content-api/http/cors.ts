import type { Request, Response } from './exchange'

/**
 * Only pages served from this machine may call the stand-in: it writes the seed, so another site
 * open in the same browser must not be able to. Loopback origins (the Studio's `sanity dev` on
 * localhost:3333, `*.localhost`) and any origin named in `extraOrigins` are allowed, with credentials.
 */
const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)(:\d+)?$/i

export function isAllowedOrigin(origin: string, extraOrigins: readonly string[]): boolean {
  return LOOPBACK.test(origin) || extraOrigins.includes(origin)
}

/** Sets CORS headers; answers a preflight. Returns false when the request is refused or finished. */
export function handleCors(req: Request, res: Response, extraOrigins: readonly string[]): boolean {
  const origin = req.headers.origin
  if (origin && !isAllowedOrigin(origin, extraOrigins)) {
    res.writeHead(403, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { type: 'corsError', description: `Origin ${origin} is not allowed` } }))
    return false
  }
  if (origin) {
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('access-control-allow-credentials', 'true')
    res.setHeader('vary', 'origin')
  }
  if (req.method !== 'OPTIONS') return true
  const requested = req.headers['access-control-request-headers']
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': typeof requested === 'string' ? requested : 'authorization, content-type',
    'access-control-max-age': 600,
    ...(req.headers['access-control-request-private-network']
      ? { 'access-control-allow-private-network': 'true' }
      : {}),
  })
  res.end()
  return false
}
