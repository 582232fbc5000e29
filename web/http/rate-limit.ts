import { databaseUrl } from '@/config'
import { processState } from '@/config/process-state'
import type { HitStore } from '@/db/hit-store'

/**
 * Limits on requests per key (a client address, an account) in a sliding window. The counts live
 * in a store behind `HitStore`: on the embedded database (one process by construction) this
 * process's memory, bounded so that a flood of new keys evicts the oldest instead of growing without
 * end; beside a shared database (DATABASE_URL) that database, so that every instance counts toward
 * one limit, with this process's memory as insurance while it cannot be reached.
 */
/**
 * Hits in memory, at most `maxKeys` keys: a Map kept in order of last use, so the key evicted when
 * a new one arrives past the cap is the one unused longest, found in constant time.
 */
export class MemoryHitStore implements HitStore {
  private readonly hits = new Map<string, number[]>()

  constructor(readonly maxKeys = 50_000) {}

  get size(): number {
    return this.hits.size
  }

  async read(key: string, now: number, windowMs: number): Promise<number[]> {
    const recent = (this.hits.get(key) ?? []).filter((time) => now - time < windowMs)
    if (recent.length) this.touch(key, recent)
    else this.hits.delete(key)
    return recent
  }

  async add(key: string, now: number, windowMs: number): Promise<void> {
    const recent = (this.hits.get(key) ?? []).filter((time) => now - time < windowMs)
    recent.push(now)
    this.touch(key, recent)
    while (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value!)
  }

  async clear(key: string): Promise<void> {
    this.hits.delete(key)
  }

  private touch(key: string, times: number[]) {
    this.hits.delete(key)
    this.hits.set(key, times)
  }
}

export type Quota = { allowed: true } | { allowed: false; retryAfter: number }

/**
 * This process's counts, one store for every limiter (buckets start with the limiter's name):
 * each route's and action's bundle has its own copy of this module, and a form's action and its
 * JSON endpoint must count toward one limit.
 */
function processMemory(): MemoryHitStore {
  return processState('rateLimitMemory', () => new MemoryHitStore())
}

export class RateLimiter {
  private get memory(): MemoryHitStore {
    return processMemory()
  }

  /**
   * `name` keeps this limiter's counts apart from every other's in a shared store (two limiters
   * count the same client address). `store`, when given, is used instead of the default.
   */
  constructor(
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store?: HitStore,
  ) {}

  /** Counts a request; answers how long to wait (in seconds) when the key is over its limit. */
  async take(key: string, now = Date.now()): Promise<Quota> {
    return this.using(async (store, bucket) => {
      if (store.take) return this.quota(await store.take(bucket, now, this.windowMs, this.limit), now)
      const quota = this.quota(await store.read(bucket, now, this.windowMs), now)
      if (quota.allowed) await store.add(bucket, now, this.windowMs)
      return quota
    }, key)
  }

  /** Whether the key is still under its limit, without counting anything. */
  async check(key: string, now = Date.now()): Promise<Quota> {
    return this.using(async (store, bucket) => this.quota(await store.read(bucket, now, this.windowMs), now), key)
  }

  /** Starts the key afresh (an account's failed logins, once its password is reset). */
  async clear(key: string): Promise<void> {
    await this.using((store, bucket) => store.clear(bucket), key)
  }

  /** Counts one event against the key (a failed login) whatever its quota. */
  async record(key: string, now = Date.now()): Promise<void> {
    await this.using((store, bucket) => store.add(bucket, now, this.windowMs), key)
  }

  private quota(recent: number[], now: number): Quota {
    if (recent.length < this.limit) return { allowed: true }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000)) }
  }

  /** Runs `work` on the store; while a shared store fails, on this process's memory instead. */
  private async using<T>(work: (store: HitStore, bucket: string) => Promise<T>, key: string): Promise<T> {
    const bucket = `${this.name}:${key}`
    try {
      const store = this.store ?? (await sharedHitStore())
      if (!store) return await work(this.memory, bucket)
      return await work(store, bucket)
    } catch (error) {
      // The error's kind only: a failed query's message can quote the key.
      console.error(`Rate limit "${this.name}": the shared store failed (${(error as Error).name}); counting in memory`)
      return work(this.memory, bucket)
    }
  }
}

/** The database's store beside a shared database (DATABASE_URL), once per process; else none. */
async function sharedHitStore(): Promise<HitStore | null> {
  if (!databaseUrl()) return null
  return processState('sharedHitStore', async (): Promise<HitStore> => {
    // Loaded only here: the database's store needs the database, which a pure limiter does not.
    const [{ DatabaseHitStore }, { getDb }] = await Promise.all([
      import('@/db/rate-limit-store'),
      import('@/db/connection'),
    ])
    return new DatabaseHitStore(getDb)
  })
}

/**
 * The client's address. The server in front of Next (scripts/server.mjs) replaces X-Forwarded-For
 * with the one address it trusts: the connection's own, or, behind TRUSTED_PROXIES proxies, the
 * address the nearest of them was given. So whatever a client writes in the header is gone here.
 */
export function clientAddressFrom(headers: Pick<Headers, 'get'>): string {
  const forwarded = headers.get('x-forwarded-for')
  const last = forwarded?.split(',').at(-1)?.trim()
  return normaliseAddress(last || 'unknown')
}

/** The key a client's requests are counted under: its address, or its /64 for IPv6. */
export function clientKeyFrom(headers: Pick<Headers, 'get'>): string {
  return limitKey(clientAddressFrom(headers))
}

export function clientKey(request: Request): string {
  return clientKeyFrom(request.headers)
}

/** An IPv4 address written as IPv6 (`::ffff:203.0.113.9`) is the IPv4 address. */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  return mapped ? mapped[1]! : address.toLowerCase()
}

/**
 * One IPv6 household or phone gets a whole /64 and can pick a new address in it for every
 * request: they are counted as one.
 */
export function limitKey(address: string): string {
  if (!address.includes(':')) return address
  const groups = expandIpv6(address)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address
}

function expandIpv6(address: string): string[] | null {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!
  const halves = bare.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  // An embedded IPv4 tail (::ffff:1.2.3.4 was handled above) counts as two groups.
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? head.length !== 8 : missing < 0) return null
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
}
