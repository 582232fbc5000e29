import 'server-only'
import { sql } from 'drizzle-orm'
import { processState } from '@/config/process-state'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'
import { openedAppDatabase, type OpenedDatabase } from '@/db/connection'
import type { Job } from './tick'

/**
 * The embedded database's upkeep. PGlite runs no autovacuum: the rows an update or a delete leaves
 * behind are never reclaimed, and no page is marked all-visible, so every count by an index reads
 * the table too (the staff list's count of 100,000 orders: 80 ms, 13 ms once vacuumed). So once a
 * day, in the quiet hour, the whole database is vacuumed and analysed; it holds the database for a
 * few seconds (PGlite runs one statement at a time). A server (DATABASE_URL) vacuums itself.
 */
export const UPKEEP_HOUR = 3

const londonHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
})

/** London's day ("2026-12-01") when `now` is in the quiet hour and the upkeep has not run that day; else null. */
export function upkeepDay(now: Date, lastDay: string | null): string | null {
  const part = Object.fromEntries(londonHour.formatToParts(now).map(({ type, value }) => [type, value]))
  const day = `${part.year}-${part.month}-${part.day}`
  return Number(part.hour) === UPKEEP_HOUR && day !== lastDay ? day : null
}

/** Vacuums and analyses the embedded database once for `day`; a server is left to its autovacuum. */
export async function keepUp(opened: Pick<OpenedDatabase, 'db' | 'engine'>, day: string | null): Promise<boolean> {
  if (opened.engine !== 'pglite' || !day) return false
  await opened.db.execute(sql`vacuum (analyze)`)
  return true
}

const state = processState<{ lastDay: string | null }>('databaseUpkeep', () => ({ lastDay: null }))

export const databaseUpkeepJob: Job = {
  name: 'Database upkeep',
  lock: ADVISORY_LOCKS.databaseUpkeep,
  run: async () => {
    const day = upkeepDay(new Date(), state.lastDay)
    if (await keepUp(await openedAppDatabase(), day)) state.lastDay = day
  },
}
