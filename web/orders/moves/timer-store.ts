import 'server-only'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { addDays, type Timings } from '@/orders/record/lifecycle'

/**
 * An order the clock owes a move or a reminder, and since when it has owed it, as PostgreSQL
 * wrote it: to the microsecond, which a Date would round, and the cursor must not.
 */
export type DueTimer = { id: string; due: string }

/** Where the previous batch ended: the next one starts after this (due, id). */
export type DueCursor = DueTimer | null

export type DueAsk = {
  now: Date
  /** From the CMS at run time. */
  timings: Pick<Timings, 'reminderDaysBefore' | 'quarantineDays'>
  cursor: DueCursor
  limit: number
}

/**
 * The orders whose timer is due at `now`, soonest due first, after `cursor`: the same rules as
 * dueAction (lifecycle.ts), asked of the database so the job reads only what is due. Each part is
 * a range scan of its own index (db/schema/orders.ts) ordered by (due, id), so the cost is the batch, not
 * the number of orders waiting; the cursor means an order the job could not move is not read
 * again in the same run.
 */
export async function dueTimers(db: Db, ask: DueAsk): Promise<DueTimer[]> {
  const result = await db.execute(dueTimersQuery(ask))
  // Both drivers answer with { rows }: PGlite's Results and node-postgres's QueryResult.
  const { rows } = result as unknown as { rows: Array<{ id: string; due_text: string }> }
  return rows.map((row) => ({ id: row.id, due: row.due_text }))
}

/** The statement dueTimers runs: for EXPLAIN too (tests/unit/db/due-timers.test.ts). */
export function dueTimersQuery({ now, timings, cursor, limit }: DueAsk): SQL {
  const remindFrom = addDays(now, timings.reminderDaysBefore)
  const quarantineEnd = addDays(now, -timings.quarantineDays)
  // A part's due is its own column shifted by a constant, so the cursor shifts the same way and
  // stays a row comparison on the index's own columns.
  const shift = (days: number) => sql`${`${days * 86_400} seconds`}::interval`
  const after = (column: SQL, shiftDays: number) =>
    cursor ? sql`and (${column}, id) > (${cursor.due}::timestamptz - ${shift(shiftDays)}, ${cursor.id}::uuid)` : sql``
  const part = (status: string, column: SQL, shiftDays: number, where: SQL) => sql`(
    select id, ${column} + ${shift(shiftDays)} as due from seller_order
    where status = ${status} and ${where} ${after(column, shiftDays)}
    order by ${column}, id limit ${limit})`
  const hold = sql.raw('hold_until')
  const deadline = sql.raw('offer_deadline')
  const since = sql.raw('status_since')
  return sql`
    select id, due::text as due_text from (
      ${part('placed', hold, 0, sql`hold_until <= ${at(now)}`)}
      union all
      ${part('revised', deadline, 0, sql`offer_deadline <= ${at(now)}`)}
      union all
      ${part(
        'revised',
        deadline,
        -timings.reminderDaysBefore,
        sql`offer_reminded_at is null and offer_deadline > ${at(now)} and offer_deadline <= ${at(remindFrom)}`,
      )}
      union all
      ${part('quarantined', since, timings.quarantineDays, sql`status_since <= ${at(quarantineEnd)}`)}
    ) as due_timer
    order by due, id
    limit ${limit}`
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`
