import { sql } from 'drizzle-orm'
import type { OpenedDatabase } from '@/db/connection'
import { DatabaseHitStore, purgeExpiredHits } from '@/db/rate-limit-store'
import { rateLimitHit } from '@/db/schema'
import { RateLimiter } from '@/http/rate-limit'
import { createTestDatabase, type TestDatabase } from '../../support/test-database'

// The counts every instance shares beside a shared database: on PGlite here by default, and on a
// PostgreSQL server when DATABASE_URL names one (where two instances really race).
const SECRET = 'rate-limit-test-secret-0123456789abcdef'
let home: TestDatabase
let instances: OpenedDatabase[]

beforeAll(async () => {
  home = await createTestDatabase()
  const first = await home.open()
  // PGlite serves one process, so one "instance"; a server takes two connection pools.
  instances = home.kind === 'postgres' ? [first, await home.open()] : [first]
}, 60_000)
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()))
  await home.destroy()
}, 60_000)

const limiterOn = (instance: OpenedDatabase, limit: number) =>
  new RateLimiter('login', limit, 60_000, new DatabaseHitStore(async () => instance.db, SECRET))

describe('rate limits in the shared database', () => {
  it('let exactly the limit through when 40 tries arrive at once, spread over the instances', async () => {
    const limiters = instances.map((instance) => limiterOn(instance, 10))
    const now = Date.now()
    const quotas = await Promise.all(
      Array.from({ length: 40 }, (_, i) => limiters[i % limiters.length]!.take('203.0.113.7', now)),
    )
    expect(quotas.filter((quota) => quota.allowed)).toHaveLength(10)
    expect(quotas.filter((quota) => !quota.allowed)).toEqual(Array(30).fill({ allowed: false, retryAfter: 60 }))
    // Another client, and the same client under another limiter, are counted apart.
    expect((await limiters[0]!.take('203.0.113.8', now)).allowed).toBe(true)
    const signUp = new RateLimiter('signUp', 10, 60_000, new DatabaseHitStore(async () => instances[0]!.db, SECRET))
    expect((await signUp.take('203.0.113.7', now)).allowed).toBe(true)
  })

  it('store no address: each bucket is an HMAC of the limiter and the key', async () => {
    await limiterOn(instances[0]!, 5).take('198.51.100.23')
    const rows = await instances[0]!.db.select().from(rateLimitHit)
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toMatch(/198\.51\.100\.23|203\.0\.113/)
    for (const row of rows) expect(row.bucket).toMatch(/^[\w-]{43}$/)
  })

  it('forget a key on clear, and count again once the window has passed', async () => {
    const limiter = limiterOn(instances[0]!, 1)
    const start = Date.now()
    expect((await limiter.take('192.0.2.50', start)).allowed).toBe(true)
    expect((await limiter.take('192.0.2.50', start + 1_000)).allowed).toBe(false)
    expect((await limiter.take('192.0.2.50', start + 61_000)).allowed).toBe(true)
    await limiter.clear('192.0.2.50')
    expect((await limiter.take('192.0.2.50', start + 62_000)).allowed).toBe(true)
  })

  it('delete every hit past its window in the minute job, and keep the others', async () => {
    const now = Date.now()
    await limiterOn(instances[0]!, 100).take('192.0.2.77', now - 120_000)
    await limiterOn(instances[0]!, 100).take('192.0.2.78', now)
    const before = await count()
    expect(await purgeExpiredHits(instances[0]!.db, new Date(now))).toBeGreaterThanOrEqual(1)
    const after = await count()
    expect(after).toBeLessThan(before)
    expect(after).toBeGreaterThanOrEqual(1)
  })
})

async function count(): Promise<number> {
  const [row] = await instances[0]!.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitHit)
  return row!.n
}
