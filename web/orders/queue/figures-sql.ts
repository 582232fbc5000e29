import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { BUSINESS_TIME_ZONE, FIRST_MONDAY_DAYS, WORKING_DAYS_A_WEEK } from '@/orders/record/working-days'

/** The pieces the figures' SQL is built from, and how its answers are read. */

// A move into a status: its event changes the status (records keep it).
export const movedTo = (status: string, event = sql.raw('e')) =>
  sql`${event}.to_status = ${status} and ${event}.from_status <> ${event}.to_status`

const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`)
export const dayOf = (at: SQL) => sql`((${at}) at time zone ${ZONE})::date::text`

/** workingClock (working-days.ts) in SQL, in seconds: London's clock, stopped at weekends. */
function workingSeconds(at: SQL): SQL {
  const since = sql`(extract(epoch from ((${at}) at time zone ${ZONE})) - ${sql.raw(String(FIRST_MONDAY_DAYS * 86_400))})`
  const days = sql`floor(${since} / 86400)`
  const weekday = sql`(${days} - 7 * floor(${days} / 7))`
  return sql`(floor(${days} / 7) * ${sql.raw(String(WORKING_DAYS_A_WEEK * 86_400))} + least(${weekday}, ${sql.raw(String(WORKING_DAYS_A_WEEK))}) * 86400 + case when ${weekday} < ${sql.raw(String(WORKING_DAYS_A_WEEK))} then ${since} - ${days} * 86400 else 0 end)`
}

export const workingHours = (from: SQL, to: SQL) => sql`(${workingSeconds(to)} - ${workingSeconds(from)}) / 3600.0`

export type Row = Record<string, unknown>
export const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows
export const int = (value: unknown) => Number(value ?? 0)
export const hours = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10
export const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`
