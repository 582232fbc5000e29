import { createHash, randomBytes } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Client } from 'pg'
import { openDatabase, type Db, type OpenedDatabase } from '@/db/connection'
import { migrationsFolder } from '@/db/locations'

/**
 * A database of the test file's own: PGlite in a fresh temporary folder, or, when DATABASE_URL
 * names a PostgreSQL server, a freshly created database on it (DATABASE_URL is only the admin
 * connection that creates and drops it). Test files never share data, whichever store runs.
 */
export type TestDatabase = {
  kind: 'pglite' | 'postgres'
  /** Where it lives: the PGlite folder or the server database's URL. */
  options: { dataDir: string } | { url: string }
  open: () => Promise<OpenedDatabase>
  destroy: () => Promise<void>
}

export async function createTestDatabase({ empty = false } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL?.trim()
  if (adminUrl) return createServerDatabase(adminUrl)
  // A server's new database is empty until opened; a PGlite one, unless asked, is a migrated copy.
  return createPgliteFolder(empty ? {} : { from: await migratedTemplate() })
}

/**
 * A PGlite folder of its own: empty (opening it runs every migration, as a fresh clone does), or a
 * copy of `from`, a folder already migrated, which opens in a second instead of six.
 */
export async function createPgliteFolder({ from }: { from?: string } = {}): Promise<TestDatabase> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'orders-test-'))
  const options = { dataDir: path.join(parent, 'pglite') }
  if (from) await cp(from, options.dataDir, { recursive: true })
  return {
    kind: 'pglite',
    options,
    open: () => openDatabase(options),
    destroy: () => rm(parent, { recursive: true, force: true }),
  }
}

/**
 * One PGlite folder with every migration run, shared read-only by the test files of every run made
 * from the same migrations (its name is their hash). Made once, in a folder of its own renamed into
 * place, so two workers making it at once both end with a whole one.
 */
async function migratedTemplate(): Promise<string> {
  const folder = migrationsFolder()
  const hash = createHash('sha256')
  for (const name of (await readdir(folder, { recursive: true })).sort()) {
    const file = path.join(folder, name)
    if ((await stat(file)).isFile()) hash.update(name).update(await readFile(file))
  }
  const template = path.join(os.tmpdir(), `handback-pglite-migrated-${hash.digest('hex').slice(0, 16)}`)
  if (await stat(template).catch(() => null)) return template
  const making = await mkdtemp(`${template}-making-`)
  const opened = await openDatabase({ dataDir: path.join(making, 'pglite') })
  await opened.close()
  await rename(path.join(making, 'pglite'), template).catch(async (error: NodeJS.ErrnoException) => {
    // Another worker put its own in place first: the same migrations, so the same folder.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  })
  await rm(making, { recursive: true, force: true })
  return template
}

async function createServerDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `orders_test_${process.pid}_${randomBytes(4).toString('hex')}`
  await asAdmin(adminUrl, `CREATE DATABASE "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const options = { url: url.toString() }
  return {
    kind: 'postgres',
    options,
    open: () => openDatabase(options),
    destroy: async () => {
      // pool.end() resolves before its connections are gone: a forced drop would then kill them
      // mid-goodbye, and their pool would log it. Wait (briefly) for them to leave first.
      for (let tries = 0; tries < 50 && (await connectionsTo(adminUrl, name)) > 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await asAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  }
}

async function connectionsTo(adminUrl: string, database: string): Promise<number> {
  const client = new Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
      [database],
    )
    return rows[0]?.count ?? 0
  } finally {
    await client.end()
  }
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A database of the test file's own, opened before its tests and removed after them. */
export function withFileDatabase(onOpen: (db: Db, home: TestDatabase) => void) {
  let home: TestDatabase | undefined
  let opened: OpenedDatabase | undefined
  beforeAll(async () => {
    home = await createTestDatabase()
    opened = await home.open()
    onOpen(opened.db, home)
  }, 60_000)
  // Dropping a server's database waits for its last connection: seconds under CI's load.
  afterAll(async () => {
    await opened?.close()
    await home?.destroy()
  }, 60_000)
}
