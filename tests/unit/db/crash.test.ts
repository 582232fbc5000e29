import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../../support/test-database'

const ROOT = path.resolve(__dirname, '../../..')

/**
 * Kills a process in the middle of a burst of orders (SIGKILL: no chance to tidy up), then opens
 * the database again: every order it confirmed is there, and no order is half-written.
 */
describe('a server killed during a burst of orders', () => {
  let home: TestDatabase

  beforeAll(async () => {
    home = await createTestDatabase()
    // Migrations first, so the child starts placing orders at once.
    await (await home.open()).close()
  }, 60_000)
  afterAll(() => home.destroy())

  it('keeps every confirmed order whole, and nothing half-written', async () => {
    const target = 'dataDir' in home.options ? home.options.dataDir : home.options.url
    // Node itself, with tsx as a loader: the tsx command would be a wrapper, and killing it would
    // leave the process that holds the database running.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=react-server', 'tests/support/order-burst.ts', target],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const confirmed: string[] = []
    const lines = createInterface({ input: child.stdout! })
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject)
      lines.on('line', (line) => {
        if (/^HB-/.test(line)) confirmed.push(line)
        // Killed mid-stream: the next order is very likely inside its transaction.
        if (confirmed.length === 25) {
          child.kill('SIGKILL')
          resolve()
        }
      })
      void exited.then(() => resolve())
    })
    expect(await exited).toBe('SIGKILL')
    expect(confirmed).toHaveLength(25)

    const opened = await home.open()
    try {
      type Row = { reference: string; items: number; events: number; mails: number }
      const result = await opened.db.execute(sql`
        select o.reference,
          (select count(*)::int from order_item i where i.order_id = o.id) as items,
          (select count(*)::int from order_event e where e.order_id = o.id) as events,
          (select count(*)::int from email_outbox m where m.order_id = o.id) as mails
        from seller_order o`)
      const rows = (result as unknown as { rows: Row[] }).rows
      const stored = new Map(rows.map((row) => [row.reference, row]))
      for (const reference of confirmed) expect(stored.has(reference)).toBe(true)
      // Possibly one more than confirmed (committed, killed before printing), never a partial one.
      expect(rows.length).toBeGreaterThanOrEqual(confirmed.length)
      expect(rows.length).toBeLessThanOrEqual(confirmed.length + 1)
      for (const row of rows) expect(row).toMatchObject({ items: 3, events: 1, mails: 1 })
    } finally {
      await opened.close()
    }
  }, 120_000)
})
