/**
 * The page to return to after logging in: a path on this site, or the fallback. Anything that
 * could leave the site (another host, a scheme, `//host`, a backslash trick) is ignored.
 */
export function safeNextPath(next: unknown, fallback = '/profile'): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback
  try {
    const base = 'http://this.site'
    const url = new URL(next, base)
    if (url.origin !== base) return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
