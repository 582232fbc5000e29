import 'server-only'
import { AsyncLocalStorage } from 'node:async_hooks'
import { siteOrigin, type Env } from '@/config'

// One store for the process: each route's bundle has its own copy of this module, and the auth
// instance (made once, by whichever route came first) must read the store the current route wrote.
const KEY = Symbol.for('handback.linkOrigin')
const shared = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<string> }
const current = (shared[KEY] ??= new AsyncLocalStorage<string>())

/** Runs `work` with the address that links in its e-mails start with. */
export function withLinkOrigin<T>(origin: string, work: () => Promise<T>): Promise<T> {
  return current.run(origin, work)
}

export function currentLinkOrigin(): string {
  const origin = current.getStore()
  if (!origin) throw new Error('An account e-mail was sent outside withLinkOrigin(): its links would have no address.')
  return origin
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/**
 * Where links in e-mails point: SITE_URL when set; the address the visitor used when that is this
 * machine (a developer on localhost); otherwise the site's address from Site settings. The Host
 * header is never trusted beyond loopback, so a forged one cannot send a reset link elsewhere.
 */
export function linkOriginFor(request: Request, siteUrl: string, env?: Env) {
  const configured = siteOrigin(env)
  if (configured) return configured
  const host = request.headers.get('host') ?? ''
  if (LOOPBACK.test(host)) return `http://${host}`
  return new URL(siteUrl).origin
}
