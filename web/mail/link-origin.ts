import 'server-only'
import { AsyncLocalStorage } from 'node:async_hooks'
import { listenPort, siteOrigin, type Env } from '@/config'
import { processState } from '@/config/process-state'

/**
 * Where links in e-mails point: SITE_URL, or without it http://localhost and the port the server
 * listens on (`npm start` then listens on loopback only). Never a request's Host header, which
 * whoever sends the request writes: a forged one must not send a reset link elsewhere.
 */
export function linkOrigin(env?: Env): string {
  return siteOrigin(env) ?? `http://localhost:${listenPort(env)}`
}

// One store for the process: each route's bundle has its own copy of this module, and the auth
// instance (made once, by whichever route came first) must read the store the current route wrote.
const current = processState('linkOrigin', () => new AsyncLocalStorage<string>())

/** Runs `work` with the address that links in its e-mails start with. */
export function withLinkOrigin<T>(origin: string, work: () => Promise<T>): Promise<T> {
  return current.run(origin, work)
}

export function currentLinkOrigin(): string {
  const origin = current.getStore()
  if (!origin) throw new Error('An account e-mail was sent outside withLinkOrigin(): its links would have no address.')
  return origin
}
