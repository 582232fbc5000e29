import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  addLondonDays,
  BUSINESS_TIME_ZONE,
  DAY_MS,
  FIRST_MONDAY_DAYS,
  londonDay,
  startOfLondonDay,
  WORKING_DAYS_A_WEEK,
  workingDaysBefore,
} from './working-days'

/**
 * The staff dashboard's figures, counted in SQL from the orders' history (order_event: every status
 * change is one row, with `at`, `from_status` and `to_status`), so they hold at any number of
 * orders. A status change is an event whose statuses differ; records (a reveal, a reminder) keep
 * the status and are never counted. Days are London days; hours are working hours (working-days.ts).
 */

/** How many days the charts show, today included. */
export const CHART_DAYS = 30

/** The business's promises, as the content states them. */
export type Promises = { checkWorkingDays: number }

export type DayFigures = {
  /** The London day, "2026-11-27". */
  day: string
  /** Devices in the parcels that arrived. */
  arrivedDevices: number
  /** Orders whose check was done. */
  checked: number
  /** Of those, how many were given a revised offer (then or since). */
  revised: number
  /** The revised share of the orders checked, in whole per cent; null when none was checked. */
  revisedPercent: number | null
  /** Median working hours from arrival to check, of the day's checks; null when none. */
  checkHours: number | null
  /** Orders paid, and how much. */
  paid: number
  paidPence: number
  /** Median working hours from arrival (or the seller's acceptance of a revised offer) to payment. */
  payHours: number | null
}

export type DashboardFigures = {
  today: DayFigures & {
    /** Orders whose devices arrived and wait for their check now. */
    waiting: number
    /** Of those, how many have waited longer than the promise. */
    waitingOverdue: number
    /** Orders whose devices are to be posted back. */
    returnsToSend: number
  }
  /** The last CHART_DAYS days, oldest first, today last. */
  days: DayFigures[]
}

// A move into a status: its event changes the status (records keep it).
const movedTo = (status: string, event = sql.raw('e')) =>
  sql`${event}.to_status = ${status} and ${event}.from_status <> ${event}.to_status`

const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`)
const dayOf = (at: SQL) => sql`((${at}) at time zone ${ZONE})::date::text`

/** workingClock (working-days.ts) in SQL, in seconds: London's clock, stopped at weekends. */
function workingSeconds(at: SQL): SQL {
  const since = sql`(extract(epoch from ((${at}) at time zone ${ZONE})) - ${sql.raw(String(FIRST_MONDAY_DAYS * 86_400))})`
  const days = sql`floor(${since} / 86400)`
  const weekday = sql`(${days} - 7 * floor(${days} / 7))`
  return sql`(floor(${days} / 7) * ${sql.raw(String(WORKING_DAYS_A_WEEK * 86_400))} + least(${weekday}, ${sql.raw(String(WORKING_DAYS_A_WEEK))}) * 86400 + case when ${weekday} < ${sql.raw(String(WORKING_DAYS_A_WEEK))} then ${since} - ${days} * 86400 else 0 end)`
}

const workingHours = (from: SQL, to: SQL) => sql`(${workingSeconds(to)} - ${workingSeconds(from)}) / 3600.0`

// When the order's devices arrived, as of the event `e`: its latest move into "received" before it.
const arrivedBefore = (event: SQL) =>
  sql`(select max(a.at) from order_event a where a.order_id = ${event}.order_id and ${movedTo('received', sql.raw('a'))} and a.at <= ${event}.at)`
const acceptedBefore = (event: SQL) =>
  sql`(select max(a.at) from order_event a where a.order_id = ${event}.order_id and ${movedTo('accepted', sql.raw('a'))} and a.at <= ${event}.at)`

type Row = Record<string, unknown>
const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows
const int = (value: unknown) => Number(value ?? 0)
const hours = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10)
const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`

/** Everything the dashboard shows at `now`, in one call (the bench times this). */
export async function dashboardFigures(db: Db, now: Date, promises: Promises): Promise<DashboardFigures> {
  const today = londonDay(now)
  const firstDay = addLondonDays(today, 1 - CHART_DAYS)
  const from = stamp(startOfLondonDay(firstDay))
  const until = stamp(startOfLondonDay(addLondonDays(today, 1)))
  const window = sql`e.at >= ${from} and e.at < ${until}`

  const arrivals = await rowsOf(
    db,
    sql`select ${dayOf(sql`e.at`)} as day, count(i.id)::int as devices
      from order_event e join order_item i on i.order_id = e.order_id
      where ${movedTo('received')} and ${window}
      group by 1`,
  )
  const checks = await rowsOf(
    db,
    sql`select day, count(*)::int as checked, count(*) filter (where revised)::int as revised,
        percentile_cont(0.5) within group (order by hours) as median
      from (
        select ${dayOf(sql`e.at`)} as day,
          exists (select 1 from order_event r where r.order_id = e.order_id and ${movedTo('revised', sql.raw('r'))}) as revised,
          ${workingHours(arrivedBefore(sql.raw('e')), sql`e.at`)} as hours
        from order_event e
        where ${movedTo('checked')} and e.from_status = 'received' and ${window}
      ) checks
      group by day`,
  )
  const payments = await rowsOf(
    db,
    sql`select day, count(*)::int as paid, sum(total)::int as pence,
        percentile_cont(0.5) within group (order by hours) as median
      from (
        select ${dayOf(sql`e.at`)} as day, o.total_pence as total,
          ${workingHours(sql`coalesce(${acceptedBefore(sql.raw('e'))}, ${arrivedBefore(sql.raw('e'))})`, sql`e.at`)} as hours
        from order_event e join seller_order o on o.id = e.order_id
        where ${movedTo('paid')} and ${window}
      ) payments
      group by day`,
  )
  const cutoff = workingDaysBefore(now, promises.checkWorkingDays)
  const [queues] = await rowsOf(
    db,
    sql`select count(*) filter (where o.status = 'received')::int as waiting,
        count(*) filter (where o.status = 'received' and (
          select max(a.at) from order_event a where a.order_id = o.id and ${movedTo('received', sql.raw('a'))}
        ) < ${stamp(cutoff)})::int as overdue,
        count(*) filter (where o.status = 'returning')::int as returning
      from seller_order o
      where o.status in ('received', 'returning')`,
  )

  const byDay = (rows: Row[]) => new Map(rows.map((row) => [String(row.day), row]))
  const [arrived, checked, paid] = [byDay(arrivals), byDay(checks), byDay(payments)]
  const days = Array.from({ length: CHART_DAYS }, (_, index): DayFigures => {
    const day = addLondonDays(firstDay, index)
    const check = checked.get(day)
    const pay = paid.get(day)
    const checkedCount = int(check?.checked)
    const revised = int(check?.revised)
    return {
      day,
      arrivedDevices: int(arrived.get(day)?.devices),
      checked: checkedCount,
      revised,
      revisedPercent: checkedCount ? Math.round((revised * 100) / checkedCount) : null,
      checkHours: hours(check?.median),
      paid: int(pay?.paid),
      paidPence: int(pay?.pence),
      payHours: hours(pay?.median),
    }
  })
  return {
    today: {
      ...days.at(-1)!,
      waiting: int(queues?.waiting),
      waitingOverdue: int(queues?.overdue),
      returnsToSend: int(queues?.returning),
    },
    days,
  }
}

const workingHoursIn = (days: number) => (days * DAY_MS) / 3_600_000

/**
 * Where the time charts draw the promises, in working hours: a check within the content's working
 * days of arrival; payment the day the checks pass (before the cut-off), else the next working day,
 * so at most one working day more.
 */
export const promiseHours = ({ checkWorkingDays }: Promises) => ({
  check: workingHoursIn(checkWorkingDays),
  pay: workingHoursIn(checkWorkingDays + 1),
})

export type PaidOrder = {
  reference: string
  paidAt: Date
  /** The devices paid for, as the seller named them (a declined device is posted back, not paid). */
  devices: string[]
  pence: number
}

/** The orders paid on a London day, in the order they were paid: the accountant's day sheet. */
export async function paidOnDay(db: Db, day: string): Promise<PaidOrder[]> {
  const rows = await rowsOf(
    db,
    sql`select o.reference, e.at as paid_at, o.total_pence as pence,
        array(select i.device from order_item i
          where i.order_id = o.id and i.offer_answer is distinct from 'decline' order by i.position) as devices
      from order_event e join seller_order o on o.id = e.order_id
      where ${movedTo('paid')} and e.at >= ${stamp(startOfLondonDay(day))}
        and e.at < ${stamp(startOfLondonDay(addLondonDays(day, 1)))}
      order by e.at, e.id`,
  )
  return rows.map((row) => ({
    reference: String(row.reference),
    paidAt: new Date(row.paid_at as string | Date),
    devices: (row.devices as string[]).map(String),
    pence: int(row.pence),
  }))
}
