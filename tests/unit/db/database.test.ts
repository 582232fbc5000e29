import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { createBasket, findBasket } from '@/basket/store'
import { closeDb, DatabaseInUseError, getDb, openDatabase, type Db } from '@/db/connection'
import { lockFileFor } from '@/db/pglite-lock'
import { createPgliteFolder, createTestDatabase, type TestDatabase } from '../../support/test-database'

const OPEN_TIMEOUT = 60_000
const journal = JSON.parse(readFileSync('web/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] }

async function appliedMigrations(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::integer` }).from(sql`drizzle.__drizzle_migrations`)
  return row?.count ?? 0
}

/**
 * Another process holding the folder's lock through the real lock module (plain Node runs it: the
 * module uses no TypeScript-only syntax), as a running `next start` would.
 */
function startLockHolder(dataDir: string): Promise<ChildProcess> {
  const lockModule = pathToFileURL(path.resolve(__dirname, '../../../web/db/pglite-lock.ts')).href
  const script =
    `const { acquirePgliteLock } = await import(${JSON.stringify(lockModule)});` +
    `acquirePgliteLock(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)))
  })
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

describe('the PGlite folder lock', () => {
  let folder: TestDatabase
  let dataDir: string

  beforeAll(async () => {
    folder = await createPgliteFolder()
    if (!('dataDir' in folder.options)) throw new Error('expected a PGlite folder')
    dataDir = folder.options.dataDir
  })
  afterAll(() => folder.destroy())

  it(
    'refuses a folder that another live process holds, naming the folder, the process and the way out',
    async () => {
      const holder = await startLockHolder(dataDir)
      try {
        const opening = openDatabase({ dataDir })
        await expect(opening).rejects.toBeInstanceOf(DatabaseInUseError)
        await expect(opening).rejects.toThrow(
          `The database folder ${dataDir} is in use by process ${holder.pid} (lock file ${dataDir}.lock). ` +
            'PGlite serves one process at a time: stop that process, or ' +
            'set DATABASE_URL to use a PostgreSQL server when more than one process needs the database.',
        )
        expect(readFileSync(lockFileFor(dataDir), 'utf8')).toBe(`${holder.pid}\n`)
        expect(existsSync(dataDir)).toBe(false)
      } finally {
        await stop(holder)
      }
    },
    OPEN_TIMEOUT,
  )

  it(
    'takes over the lock of a process that was killed, and removes it on close',
    async () => {
      const holder = await startLockHolder(dataDir)
      await stop(holder)
      // SIGKILL gave it no chance to remove its lock.
      expect(readFileSync(lockFileFor(dataDir), 'utf8')).toBe(`${holder.pid}\n`)
      const { db, close } = await openDatabase({ dataDir })
      expect(readFileSync(lockFileFor(dataDir), 'utf8')).toBe(`${process.pid}\n`)
      await expect(appliedMigrations(db)).resolves.toBe(journal.entries.length)
      await close()
      expect(existsSync(lockFileFor(dataDir))).toBe(false)
    },
    OPEN_TIMEOUT,
  )

  it(
    'refuses a second open of the same folder within this process while the first is open',
    async () => {
      const first = await openDatabase({ dataDir })
      try {
        await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by process ${process.pid}`)
      } finally {
        await first.close()
      }
      const again = await openDatabase({ dataDir })
      await again.close()
    },
    OPEN_TIMEOUT,
  )

  it(
    'takes over a lock naming this process that this process does not hold (a reused PID after a crash)',
    async () => {
      writeFileSync(lockFileFor(dataDir), `${process.pid}\n`)
      const { close } = await openDatabase({ dataDir })
      await close()
      expect(existsSync(lockFileFor(dataDir))).toBe(false)
    },
    OPEN_TIMEOUT,
  )
})

describe('opening the database', () => {
  let home: TestDatabase

  beforeAll(async () => {
    home = await createTestDatabase({ empty: true })
  })
  afterAll(() => home.destroy())

  it(
    'applies the migrations once, however often it is opened, and keeps data across close and reopen',
    async () => {
      const first = await home.open()
      const { token, id } = await createBasket(first.db)
      await first.close()

      const second = await home.open()
      try {
        await expect(appliedMigrations(second.db)).resolves.toBe(journal.entries.length)
        await expect(findBasket(second.db, token)).resolves.toEqual({ id, lines: [] })
      } finally {
        await second.close()
      }
    },
    OPEN_TIMEOUT,
  )

  it('rejects a DATABASE_URL that is not a PostgreSQL URL, without echoing it', async () => {
    await expect(openDatabase({ url: 'mysql://user:secret@localhost/shop' })).rejects.toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// connection URL.',
    )
  })
})

describe('getDb', () => {
  const saved = { url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DATA_DIR }
  let home: TestDatabase

  beforeAll(async () => {
    home = await createTestDatabase()
    if ('url' in home.options) {
      process.env.DATABASE_URL = home.options.url
    } else {
      delete process.env.DATABASE_URL
      process.env.PGLITE_DATA_DIR = home.options.dataDir
    }
    // The first test database on a machine makes the migrated copy the others start from.
  }, 60_000)

  afterAll(async () => {
    await closeDb()
    process.env.DATABASE_URL = saved.url
    process.env.PGLITE_DATA_DIR = saved.dataDir
    if (saved.url === undefined) delete process.env.DATABASE_URL
    if (saved.dataDir === undefined) delete process.env.PGLITE_DATA_DIR
    await home.destroy()
  })

  it(
    'opens the database named by the environment once, however many callers ask at the same time',
    async () => {
      const [first, second] = await Promise.all([getDb(), getDb()])
      expect(second).toBe(first)
      await expect(getDb()).resolves.toBe(first)
      await expect(appliedMigrations(first)).resolves.toBe(journal.entries.length)
    },
    OPEN_TIMEOUT,
  )
})

const serverOnly = process.env.DATABASE_URL ? describe : describe.skip

serverOnly('on a PostgreSQL server', () => {
  let home: TestDatabase

  beforeAll(async () => {
    home = await createTestDatabase()
  })
  afterAll(() => home.destroy())

  it(
    'lets two processes start together on a fresh database: one migrates, the other waits',
    async () => {
      const both = await Promise.all([home.open(), home.open(), home.open()])
      try {
        for (const { db } of both) await expect(appliedMigrations(db)).resolves.toBe(journal.entries.length)
      } finally {
        await Promise.all(both.map(({ close }) => close()))
      }
    },
    OPEN_TIMEOUT,
  )

  it(
    'runs a job held exclusively by one instance at a time: the others skip their turn until it ends',
    async () => {
      const [first, second] = await Promise.all([home.open(), home.open()])
      try {
        const inner: Array<string | null> = []
        const outer = await first.exclusively(42, async () => {
          // While the first instance runs it, neither the second nor the first itself may start it.
          inner.push(await second.exclusively(42, async () => 'second ran'))
          inner.push(await first.exclusively(42, async () => 'first ran twice'))
          // Another job is not held up.
          inner.push(await second.exclusively(43, async () => 'other job'))
          return 'first ran'
        })
        expect(outer).toBe('first ran')
        expect(inner).toEqual([null, null, 'other job'])
        // Released once it ended, even on another instance.
        await expect(second.exclusively(42, async () => 'second ran')).resolves.toBe('second ran')
        // And released when the work fails.
        await expect(first.exclusively(42, () => Promise.reject(new Error('job failed')))).rejects.toThrow('job failed')
        await expect(second.exclusively(42, async () => 'after a failure')).resolves.toBe('after a failure')
      } finally {
        await Promise.all([first.close(), second.close()])
      }
    },
    OPEN_TIMEOUT,
  )
})

describe('a job held exclusively, on the embedded database', () => {
  it(
    'does not start again in the same process while it runs (the folder lock keeps others out)',
    async () => {
      const home = await createPgliteFolder()
      const opened = await home.open()
      try {
        const inner = await opened.exclusively(42, () => opened.exclusively(42, async () => 'twice'))
        expect(inner).toBeNull()
        await expect(opened.exclusively(42, async () => 'again')).resolves.toBe('again')
      } finally {
        await opened.close()
        await home.destroy()
      }
    },
    OPEN_TIMEOUT,
  )
})
