/**
 * The page to return to after logging in: a path on this site, or the fallback. Anything that
 * could leave the site (another host, a scheme, `//host`, a backslash trick) is ignored.
 *
 * The check is made on the path as it will be used, after the URL parser has resolved dot
 * segments: `/.//evil.example` is a path as typed and `//evil.example` (another site) once resolved.
 */
export function safeNextPath(next: unknown, fallback = '/profile'): string {
  if (typeof next !== 'string' || !isSitePath(next)) return fallback
  try {
    const base = 'http://this.site'
    const url = new URL(next, base)
    if (url.origin !== base) return fallback
    const path = `${url.pathname}${url.search}${url.hash}`
    return isSitePath(path) ? path : fallback
  } catch {
    return fallback
  }
}

/** One slash, then anything but a second slash; no backslash, which browsers read as a slash. */
function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\')
}
