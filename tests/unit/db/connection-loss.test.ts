import { createServer, connect, type Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import { Client } from 'pg'
import { openDatabase, type OpenedDatabase } from '@/db/connection'
import { createTestDatabase, type TestDatabase } from '../../support/test-database'

const serverOnly = process.env.DATABASE_URL ? describe : describe.skip

/**
 * A failover cuts every connection the site holds, in use or not (the primary crashes, pgbouncer
 * closes its clients). The request that held one gets an error it can answer with "try again";
 * nothing is thrown where no one listens, which would take the whole process down.
 */
serverOnly('a connection cut while a request holds it', () => {
  let home: TestDatabase
  let opened: OpenedDatabase
  const uncaught: unknown[] = []
  const record = (error: unknown) => uncaught.push(error)

  beforeAll(async () => {
    home = await createTestDatabase()
    opened = await home.open()
    process.on('uncaughtException', record)
  }, 60_000)
  afterAll(async () => {
    process.off('uncaughtException', record)
    await opened.close()
    await home.destroy()
  })

  it('fails that request with an error, and the next request gets a new connection', async () => {
    const url = 'url' in home.options ? home.options.url : ''
    const transaction = opened.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as { rows: { pid: number }[] }
      // Cut from outside, between two statements: the connection is checked out and idle.
      await terminate(url, rows[0]!.pid)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await tx.execute(sql`select 1`)
    })
    await expect(transaction).rejects.toThrow()
    expect(uncaught).toEqual([])
    const after = (await opened.db.execute(sql`select 1 as one`)) as { rows: unknown[] }
    expect(after.rows).toEqual([{ one: 1 }])
  })
})

/**
 * Through pgbouncer during a failover, a connection handed out by the pool can fail on its very first
 * statement (the BEGIN of a transaction), which Drizzle's transaction never gives back to the pool.
 * Ten of those and every later request would wait for a connection forever.
 */
serverOnly('connections that fail on their first statement', () => {
  let home: TestDatabase
  let proxy: CuttingProxy

  beforeAll(async () => {
    home = await createTestDatabase()
    proxy = await cuttingProxy(new URL('url' in home.options ? home.options.url : ''))
  }, 60_000)
  afterAll(async () => {
    proxy.close()
    await home.destroy()
  })

  it('go back to the pool, so the next requests still get a connection', async () => {
    const opened = await openDatabase({ url: proxy.url })
    try {
      // Ten connections (the pool's most) opened and left idle, then each cut on its next statement.
      await Promise.all(Array.from({ length: 10 }, () => opened.db.execute(sql`select pg_sleep(0.05)`)))
      proxy.cutOpenConnections()
      for (let i = 0; i < 10; i++) {
        await expect(opened.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow()
      }
      const next = opened.db.execute(sql`select 1 as one`)
      const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 8000).unref())
      await expect(Promise.race([next.then(() => 'answered'), waited])).resolves.toBe('answered')
    } finally {
      // A pool still holding a connection would wait for it for ever.
      await Promise.race([opened.close(), new Promise((resolve) => setTimeout(resolve, 2000).unref())])
    }
  }, 30_000)
})

type CuttingProxy = { url: string; cutOpenConnections: () => void; close: () => void }

/** A TCP proxy to the server that can cut the connections open now, each on its client's next message. */
async function cuttingProxy(target: URL): Promise<CuttingProxy> {
  const open = new Set<{ client: Socket; server: Socket; cut: boolean }>()
  const proxy = createServer((client) => {
    const pair = { client, server: connect(Number(target.port || 5432), target.hostname), cut: false }
    open.add(pair)
    client.on('data', (chunk) => {
      if (pair.cut) {
        client.destroy()
        pair.server.destroy()
      } else pair.server.write(chunk)
    })
    pair.server.on('data', (chunk) => client.write(chunk))
    const end = () => {
      open.delete(pair)
      client.destroy()
      pair.server.destroy()
    }
    client.on('close', end).on('error', end)
    pair.server.on('close', end).on('error', end)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const url = new URL(target)
  url.host = `127.0.0.1:${(proxy.address() as { port: number }).port}`
  return {
    url: url.toString(),
    cutOpenConnections: () => open.forEach((pair) => (pair.cut = true)),
    close: () => {
      open.forEach((pair) => pair.client.destroy())
      proxy.close()
    },
  }
}

async function terminate(url: string, pid: number) {
  const admin = new Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query('select pg_terminate_backend($1)', [pid])
  } finally {
    await admin.end()
  }
}
