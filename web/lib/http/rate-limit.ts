/**
 * A per-client limit on requests in a sliding window, held in this server process's memory.
 * (Several server processes would each keep their own count: a shared store would be needed there.)
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a request; answers how long to wait (in seconds) when the client is over its limit. */
  take(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfter: number } {
    const recent = (this.hits.get(key) ?? []).filter((time) => now - time < this.windowMs)
    if (recent.length >= this.limit) {
      this.hits.set(key, recent)
      return { allowed: false, retryAfter: Math.ceil((recent[0]! + this.windowMs - now) / 1000) }
    }
    recent.push(now)
    this.hits.set(key, recent)
    if (this.hits.size > 10_000) this.prune(now)
    return { allowed: true }
  }

  private prune(now: number) {
    for (const [key, times] of this.hits) {
      if (times.every((time) => now - time >= this.windowMs)) this.hits.delete(key)
    }
  }
}

/**
 * The client's address: the right-most X-Forwarded-For entry. Behind a proxy that appends to the
 * header, that is the address the proxy saw; served directly, Next fills the header from the
 * socket when a client sends none. (Run the site behind such a proxy: directly exposed, a client
 * could send a header of its own choosing.)
 */
export function clientKey(request: Request): string {
  return clientKeyFrom(request.headers)
}

/** The same, from a request's headers (a server action has those, not the request). */
export function clientKeyFrom(headers: Pick<Headers, 'get'>): string {
  const forwarded = headers.get('x-forwarded-for')
  const last = forwarded?.split(',').at(-1)?.trim()
  return last || headers.get('x-real-ip') || 'unknown'
}
