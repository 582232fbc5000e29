// Whether `npm run seed:orders` may write to a database: only one that is clearly a developer's.
// An operator who runs it by mistake with production's settings must be stopped before a single
// made-up order lands among real ones.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]', ''])
/** More orders than this that the seeder did not make, and the database looks like a shop's. */
export const FOREIGN_ORDERS_LIMIT = 1_000

/** Why the target is refused before it is opened, or null. */
export function refuseTarget(target: { databaseUrl: string | undefined; production: boolean }): string | null {
  if (target.production) return 'NODE_ENV is production.'
  if (!target.databaseUrl) return null
  let host: string
  try {
    const url = new URL(target.databaseUrl)
    // A socket folder given as ?host=/run/postgresql is this machine too.
    host = url.searchParams.get('host')?.startsWith('/') ? '' : url.hostname
  } catch {
    return 'DATABASE_URL is not a URL.'
  }
  return LOOPBACK.has(host) ? null : `DATABASE_URL names ${host}, not this machine.`
}

/** Why the opened database is refused, given how many orders in it the seeder did not make. */
export function refuseContents(foreignOrders: number): string | null {
  return foreignOrders > FOREIGN_ORDERS_LIMIT
    ? `it already holds ${foreignOrders} orders that seed:orders did not make: it looks like a shop's.`
    : null
}
