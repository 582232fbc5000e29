import { Client } from 'pg'
import type { TestDatabase } from './test-database'

/**
 * Two calls that each lock one order's row, run so that `first` reaches the row first and `second`
 * waits behind it, for real, on two connections of a PostgreSQL server: a third connection holds
 * the row's lock while both start, and lets go only once both are seen waiting for it (PostgreSQL
 * then grants the row in the order they asked). PGlite has one connection, so there the calls run
 * one after the other, in the same order. Either way the outcome asserted is the one right one.
 */
export async function raceForRow<A, B>(
  home: TestDatabase,
  table: string,
  rowId: string,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  if (!('url' in home.options)) {
    const a = await first()
    return [a, await second()]
  }
  const holder = new Client({ connectionString: home.options.url })
  await holder.connect()
  try {
    await holder.query('BEGIN')
    await holder.query(`SELECT id FROM "${table}" WHERE id = $1 FOR UPDATE`, [rowId])
    const firstDone = first()
    await waitersOnLocks(holder, 1)
    const secondDone = second()
    await waitersOnLocks(holder, 2)
    await holder.query('COMMIT')
    return [await firstDone, await secondDone]
  } finally {
    await holder.end()
  }
}

/** Waits until `count` other connections to this database are waiting for a lock. */
async function waitersOnLocks(client: Client, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await client.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    )
    if ((rows[0]?.waiting ?? 0) >= count) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${count} connection(s) never waited for the row: the race did not happen`)
}
