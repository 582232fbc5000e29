import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  BUSINESS_TIME_ZONE,
  closedWeekdays,
  FIRST_MONDAY_DAYS,
  WORKING_DAYS_A_WEEK,
  type BusinessCalendar,
} from '@/orders/record/working-days'

/** The pieces the figures' SQL is built from, and how its answers are read. */

// A move into a status: its event changes the status (records keep it).
export const movedTo = (status: string, event = sql.raw('e')) =>
  sql`${event}.to_status = ${status} and ${event}.from_status <> ${event}.to_status`

const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`)
export const dayOf = (at: SQL) => sql`((${at}) at time zone ${ZONE})::date::text`

/**
 * The closed weekdays of a calendar (working-days.ts's closedWeekdays) as one SQL date array,
 * passed as a single parameter: the clock below stands still through them.
 */
export const closedDaysArray = (calendar: BusinessCalendar) => sql`${`{${closedWeekdays(calendar).join(',')}}`}::date[]`

/**
 * workingClock (working-days.ts) in SQL, in seconds: London's clock, stopped at weekends and on the
 * closed weekdays in `closed` (closedDaysArray): less a whole day for each before the day of `at`,
 * and the time into that day when it is one of them.
 */
function workingSeconds(at: SQL, closed: SQL): SQL {
  const wall = sql`((${at}) at time zone ${ZONE})`
  const since = sql`(extract(epoch from ${wall}) - ${sql.raw(String(FIRST_MONDAY_DAYS * 86_400))})`
  const days = sql`floor(${since} / 86400)`
  const weekday = sql`(${days} - 7 * floor(${days} / 7))`
  const weekdays = sql.raw(String(WORKING_DAYS_A_WEEK))
  const plain = sql`(floor(${days} / 7) * ${sql.raw(String(WORKING_DAYS_A_WEEK * 86_400))} + least(${weekday}, ${weekdays}) * 86400 + case when ${weekday} < ${weekdays} then ${since} - ${days} * 86400 else 0 end)`
  const day = sql`${wall}::date`
  return sql`(${plain} - 86400 * (select count(*) from unnest(${closed}) c where c < ${day}) - case when ${day} = any(${closed}) then ${since} - ${days} * 86400 else 0 end)`
}

/** Working hours from `from` to `to`, weekends and the calendar's closed days out. */
export const workingHours = (from: SQL, to: SQL, calendar: BusinessCalendar) => {
  const closed = closedDaysArray(calendar)
  return sql`(${workingSeconds(to, closed)} - ${workingSeconds(from, closed)}) / 3600.0`
}

export type Row = Record<string, unknown>
// A transaction reads the same way: only `execute` is needed.
export const rowsOf = async (db: Pick<Db, 'execute'>, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows
export const int = (value: unknown) => Number(value ?? 0)
export const hours = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10
export const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`
