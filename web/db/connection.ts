import 'server-only'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { Pool, type PoolClient } from 'pg'
import { describeError } from '@/lib/log'
import { databaseUrl, pgliteDataDir } from '@/config'
import { migrationsFolder } from './locations'
import { acquirePgliteLock } from './pglite-lock'
import * as schema from './schema'
import { ADVISORY_LOCKS } from './advisory-locks'

export { DatabaseInUseError } from './pglite-lock'

/** What both drivers have in common; every data function takes this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type OpenedDatabase = {
  db: Db
  engine: 'pglite' | 'postgres'
  /**
   * PGlite only: its whole folder as a gzipped tar, taken between two transactions after a
   * checkpoint, while the site keeps serving. A server is copied with pg_dump instead (see backup.ts).
   */
  dumpDataDir?: () => Promise<Blob>
  close: () => Promise<void>
  /**
   * Runs `work` only if no other holder of `key` is running it just now, in this process or in any
   * other on the same database; otherwise answers null at once. For jobs every instance schedules
   * and only one may run at a time (the order timers).
   */
  exclusively: <T>(key: number, work: () => Promise<T>) => Promise<T | null>
}
export type DatabaseOptions = { url?: string; dataDir?: string }

const MIGRATION_LOCK_KEY = ADVISORY_LOCKS.migrations

/**
 * A PostgreSQL server when a URL is given (or DATABASE_URL is set and no dataDir is given);
 * otherwise PGlite in dataDir, PGLITE_DATA_DIR or `.data/pglite`. Migrations run before it returns.
 */
export async function openDatabase(options: DatabaseOptions = {}): Promise<OpenedDatabase> {
  const url = options.url ?? (options.dataDir ? undefined : databaseUrl())
  if (url) return openServer(url)
  return openPglite(options.dataDir ?? pgliteDataDir())
}

const OPENING = '__handbackOrdersDatabase'
type Memo = { [OPENING]?: Promise<OpenedDatabase> }

/**
 * The app's database, opened on first use: `next build` imports this module while collecting page
 * data and must not open anything. Kept on globalThis because Next dev re-evaluates modules, and a
 * second PGlite on the same folder would lose writes.
 */
export function getDb(): Promise<Db> {
  const memo = globalThis as typeof globalThis & Memo
  let opening = memo[OPENING]
  if (!opening) {
    opening = openDatabase()
    memo[OPENING] = opening
    // A failed open (the folder in use, the server down) is retried on the next request.
    opening.catch(() => {
      if (memo[OPENING] === opening) delete memo[OPENING]
    })
  }
  return opening.then(({ db }) => db)
}

/** `exclusively` on the app's database (see OpenedDatabase). */
export async function runExclusively<T>(key: number, work: () => Promise<T>): Promise<T | null> {
  return (await openedAppDatabase()).exclusively(key, work)
}

/** The app's database as it was opened: for what only one engine can do (a PGlite dump). */
export async function openedAppDatabase(): Promise<OpenedDatabase> {
  await getDb()
  return (globalThis as typeof globalThis & Memo)[OPENING]!
}

/** Closes the app's database if it was opened: for scripts, tests and a graceful shutdown. */
export async function closeDb(): Promise<void> {
  const memo = globalThis as typeof globalThis & Memo
  const opening = memo[OPENING]
  if (!opening) return
  delete memo[OPENING]
  const opened = await opening.catch(() => undefined)
  await opened?.close()
}

async function openServer(url: string): Promise<OpenedDatabase> {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// connection URL.')
  }
  const pool = new Pool({ connectionString: url })
  // Without a listener, a server restart that drops an idle connection would crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL: an idle connection failed: ${describeError(error)}`))
  guardConnectionsInUse(pool)
  try {
    await migrateServer(pool)
  } catch (error) {
    await pool.end()
    throw error
  }
  const inThisProcess = new Set<number>()
  return {
    db: drizzleNodePostgres(pool, { schema }),
    engine: 'postgres',
    close: () => pool.end(),
    // A session-level advisory lock on a connection of its own, held while the work runs on others.
    exclusively: (key, work) =>
      inProcessOnly(inThisProcess, key, async () => {
        const client = await pool.connect()
        let broken = false
        try {
          const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key])
          if (!rows[0]?.locked) return null
          try {
            return await work()
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key])
          }
        } catch (error) {
          broken = true
          throw error
        } finally {
          // A connection that failed while holding the lock is discarded, and the lock goes with it.
          client.release(broken)
        }
      }),
  }
}

/**
 * The pool listens only while a connection is idle. One cut while a request holds it (a failover, a
 * restart) fails that request's query, and its own error event must not go unheard (an uncaught
 * exception). Nor may it stay checked out: Drizzle's transaction never gives back a connection whose
 * BEGIN failed, and with every connection lost that way each later request would wait forever. So a
 * failed connection still held a moment later is given back (the pool then drops it); its holder's
 * own release, if it comes, does nothing.
 */
function guardConnectionsInUse(pool: Pool) {
  const inUse = new Set<PoolClient>()
  pool.on('acquire', (client) => inUse.add(client))
  pool.on('release', (_error, client) => inUse.delete(client))
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      console.error(`PostgreSQL: a connection in use failed: ${describeError(error)}`)
      setTimeout(() => {
        if (!inUse.has(client)) return
        const release = client.release
        client.release = () => undefined
        release(error)
      }, 1000).unref()
    }),
  )
}

/** Runs `work` unless this process is already running the job `key`: then null. */
async function inProcessOnly<T>(running: Set<number>, key: number, work: () => Promise<T | null>): Promise<T | null> {
  if (running.has(key)) return null
  running.add(key)
  try {
    return await work()
  } finally {
    running.delete(key)
  }
}

/** Two servers starting together must not both run the same migration. */
async function migrateServer(pool: Pool): Promise<void> {
  const client = await pool.connect()
  let failed = false
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder: migrationsFolder() })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } catch (error) {
    failed = true
    throw error
  } finally {
    // A connection that failed mid-migration may still hold the lock: discard it rather than reuse it.
    client.release(failed)
  }
}

async function openPglite(dataDir: string): Promise<OpenedDatabase> {
  const folder = path.resolve(dataDir)
  const release = acquirePgliteLock(folder)
  let client: PGlite | undefined
  try {
    client = await PGlite.create(folder)
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder: migrationsFolder() })
    const opened = client
    const running = new Set<number>()
    return {
      db,
      engine: 'pglite',
      // Inside a transaction of its own, so that no other is half done when the folder is copied
      // (PGlite runs one at a time); the checkpoint first puts everything committed in the files.
      dumpDataDir: () =>
        opened.transaction(async (tx) => {
          await tx.exec('CHECKPOINT')
          return opened.dumpDataDir('gzip')
        }),
      // The folder lock already keeps every other process out of this database.
      exclusively: (key, work) => inProcessOnly(running, key, work),
      close: async () => {
        try {
          await opened.close()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    await client?.close().catch(() => undefined)
    release()
    throw error
  }
}
