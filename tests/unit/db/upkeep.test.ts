import { sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { keepUp, upkeepDay } from '@/jobs/upkeep'
import { placeOrder } from '@/orders/record/store'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase, type TestDatabase } from '../../support/test-database'

/**
 * The embedded database's daily upkeep: PGlite has no autovacuum, so without it a count of the
 * orders by their index reads the table for every row an update touched, for ever. On a server,
 * whose autovacuum does this, the job does nothing.
 */
let db: Db
let home: TestDatabase
withFileDatabase((opened, folder) => {
  db = opened
  home = folder
})

describe('upkeepDay', () => {
  it('is London’s day during its quiet hour (03:00 to 04:00), once a day', () => {
    // Winter: London is on UTC.
    expect(upkeepDay(new Date('2026-12-01T03:30:00Z'), null)).toBe('2026-12-01')
    expect(upkeepDay(new Date('2026-12-01T02:59:59Z'), null)).toBeNull()
    expect(upkeepDay(new Date('2026-12-01T04:00:00Z'), null)).toBeNull()
    expect(upkeepDay(new Date('2026-12-01T03:59:00Z'), '2026-12-01')).toBeNull()
    expect(upkeepDay(new Date('2026-12-02T03:00:00Z'), '2026-12-01')).toBe('2026-12-02')
    // Summer: 03:30 in London is 02:30 UTC.
    expect(upkeepDay(new Date('2026-07-01T02:30:00Z'), null)).toBe('2026-07-01')
    expect(upkeepDay(new Date('2026-07-01T03:30:00Z'), null)).toBeNull()
  })
})

/** The orders table's pages, and how many of them are marked all-visible (what a count by an index alone needs). */
async function visibility(): Promise<{ pages: number; allVisible: number }> {
  const result = (await db.execute(
    sql`select relpages as pages, relallvisible as "allVisible" from pg_class where relname = 'seller_order'`,
  )) as unknown as { rows: Array<{ pages: number; allVisible: number }> }
  return result.rows[0]!
}

describe('keepUp', () => {
  it('vacuums PGlite, after which every page of the orders is all-visible (a count reads the index alone); leaves a server to its own', async () => {
    for (let n = 0; n < 30; n++) await placeOrder(db, sampleOrder())
    await db.execute(sql`update seller_order set updated_at = now()`)
    if (home.kind === 'postgres') {
      expect(await keepUp({ db, engine: 'postgres' }, '2026-12-01')).toBe(false)
      return
    }
    // Outside its hour (no day), nothing is done: no page is known to be all-visible.
    expect(await keepUp({ db, engine: 'pglite' }, null)).toBe(false)
    expect((await visibility()).allVisible).toBe(0)
    expect(await keepUp({ db, engine: 'pglite' }, '2026-12-01')).toBe(true)
    const after = await visibility()
    expect(after.pages).toBeGreaterThan(0)
    expect(after.allVisible).toBe(after.pages)
  })
})
