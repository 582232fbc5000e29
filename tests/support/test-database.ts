import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Client } from 'pg'
import { openDatabase, type Db, type OpenedDatabase } from '@/db/connection'

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

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL?.trim()
  return adminUrl ? createServerDatabase(adminUrl) : createPgliteFolder()
}

export async function createPgliteFolder(): Promise<TestDatabase> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'orders-test-'))
  const options = { dataDir: path.join(parent, 'pglite') }
  return {
    kind: 'pglite',
    options,
    open: () => openDatabase(options),
    destroy: () => rm(parent, { recursive: true, force: true }),
  }
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
  afterAll(async () => {
    await opened?.close()
    await home?.destroy()
  })
}
