// Where the bench manager's two-step login is kept for one database: the set-up link that
// `npm run seed:orders` took from the invitation in the outbox, then (after the bench's first
// sign-in) the authenticator key. One file per database: its URL, or the PGlite folder.
import { createHash } from 'node:crypto'
import path from 'node:path'

export const BENCH_MANAGER_EMAIL = 'bench.manager@example.com'

/** The file of the database the environment names (DATABASE_URL, or the PGlite folder). */
export function benchManagerFile(): string {
  const where = process.env.DATABASE_URL || path.resolve(process.env.PGLITE_DATA_DIR || path.join('.data', 'pglite'))
  return path.join('.data', `bench-manager-${createHash('sha256').update(where).digest('hex').slice(0, 12)}.json`)
}
