import 'server-only'
import { createHmac } from 'node:crypto'
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm'
import { readAuthSecret } from '@/config/secrets'
import type { HitStore } from './hit-store'
import type { Db } from './connection'
import { rateLimitHit } from './schema'
import { RATE_LIMIT_CLASS } from './advisory-locks'

/**
 * Rate-limit hits in the shared database, so that every instance counts toward one limit. A take is
 * atomic: the bucket is locked for the transaction (`pg_advisory_xact_lock`), its hits in the window
 * counted, and one added only when under the limit, so two instances answering the same client at
 * once cannot both let the last try through.
 */
export class DatabaseHitStore implements HitStore {
  constructor(
    private readonly db: () => Promise<Db>,
    private readonly secret: string = readAuthSecret(),
  ) {}

  /** An HMAC of the key under the shared secret: the table holds no address or e-mail. */
  private bucket(key: string): string {
    return createHmac('sha256', this.secret).update(key).digest('base64url')
  }

  async read(key: string, now: number, windowMs: number): Promise<number[]> {
    const rows = await (
      await this.db()
    )
      .select({ at: rateLimitHit.at })
      .from(rateLimitHit)
      .where(and(eq(rateLimitHit.bucket, this.bucket(key)), gt(rateLimitHit.at, new Date(now - windowMs))))
      .orderBy(asc(rateLimitHit.at))
    return rows.map((row) => row.at.getTime())
  }

  async add(key: string, now: number, windowMs: number): Promise<void> {
    await (await this.db()).insert(rateLimitHit).values(this.hit(key, now, windowMs))
  }

  async take(key: string, now: number, windowMs: number, limit: number): Promise<number[]> {
    const bucket = this.bucket(key)
    return (await this.db()).transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LIMIT_CLASS}, hashtext(${bucket}))`)
      // The bucket's hits past their window go first, so a busy key's rows stay few.
      await tx
        .delete(rateLimitHit)
        .where(and(eq(rateLimitHit.bucket, bucket), lte(rateLimitHit.expiresAt, new Date(now))))
      const rows = await tx
        .select({ at: rateLimitHit.at })
        .from(rateLimitHit)
        .where(and(eq(rateLimitHit.bucket, bucket), gt(rateLimitHit.at, new Date(now - windowMs))))
        .orderBy(asc(rateLimitHit.at))
      if (rows.length < limit) await tx.insert(rateLimitHit).values(this.hit(key, now, windowMs))
      return rows.map((row) => row.at.getTime())
    })
  }

  async clear(key: string): Promise<void> {
    await (await this.db()).delete(rateLimitHit).where(eq(rateLimitHit.bucket, this.bucket(key)))
  }

  private hit(key: string, now: number, windowMs: number) {
    return { bucket: this.bucket(key), at: new Date(now), expiresAt: new Date(now + windowMs) }
  }
}

/** Deletes every hit whose window has passed (the minute job): keys never seen again leave nothing. */
export async function purgeExpiredHits(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(rateLimitHit)
    .where(lte(rateLimitHit.expiresAt, now))
    .returning({ id: rateLimitHit.id })
  return deleted.length
}
