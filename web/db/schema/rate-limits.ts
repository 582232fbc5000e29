import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core'
import { at } from './columns'

/** The rate limits' hits, shared by every instance. */
/**
 * Rate-limit hits, kept here only beside a shared database (DATABASE_URL) so that every instance
 * counts toward one limit; on the embedded database the one process counts in memory. The bucket is
 * an HMAC of the limiter's name and its key (an address, an e-mail): no address is stored. A row
 * is deleted once its window has passed.
 */
export const rateLimitHit = pgTable(
  'rate_limit_hit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: at('at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    index('rate_limit_hit_bucket_at_idx').on(table.bucket, table.at),
    index('rate_limit_hit_expires_at_idx').on(table.expiresAt),
  ],
)
