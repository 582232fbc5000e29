import { sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { dayOf, hours, int, movedTo, rowsOf, stamp, workingHours, type Row } from './figures-sql'
import {
  addLondonDays,
  closedWeekdays,
  DAY_MS,
  londonDay,
  startOfLondonDay,
  workingDaysBefore,
  type BusinessCalendar,
} from '@/orders/record/working-days'

/**
 * The staff dashboard's figures, counted in SQL from the orders' history (order_event: every status
 * change is one row, with `at`, `from_status` and `to_status`), so they hold at any number of
 * orders. A status change is an event whose statuses differ; records (a reveal, a reminder) keep
 * the status and are never counted. Days are London days; hours are working hours (working-days.ts),
 * weekends and the business calendar's closed days out.
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

/** The figures of each London day from `firstDay` to `lastDay`, both included, in order. */
async function spanFigures(
  db: Db,
  firstDay: string,
  lastDay: string,
  calendar: BusinessCalendar,
): Promise<DayFigures[]> {
  const from = stamp(startOfLondonDay(firstDay))
  const until = stamp(startOfLondonDay(addLondonDays(lastDay, 1)))
  const window = sql`e.at >= ${from} and e.at < ${until}`
  const arrivals = await rowsOf(
    db,
    // The devices counted order by order through the items' index: a span's parcels are few.
    sql`select ${dayOf(sql`e.at`)} as day,
        sum((select count(*) from order_item i where i.order_id = e.order_id))::int as devices
      from order_event e
      where ${movedTo('received')} and ${window}
      group by 1`,
  )
  // Each check and payment in the span, with what its order's moves say (read from the moves'
  // covering index): when its devices arrived and its revised offer was accepted (before it), and
  // whether it was ever given a revised offer.
  const done = await rowsOf(
    db,
    sql`select kind, day, count(*)::int as done, count(*) filter (where revised)::int as revised,
        coalesce(sum(total), 0)::int as pence,
        percentile_cont(0.5) within group (order by ${workingHours(sql.raw('started'), sql.raw('at'), calendar)}) as median
      from (
        select e.to_status as kind, ${dayOf(sql`e.at`)} as day, e.at, h.revised,
          case when e.to_status = 'paid' then (select o.total_pence from seller_order o where o.id = e.order_id) end as total,
          case when e.to_status = 'paid' then coalesce(h.accepted, h.arrived) else h.arrived end as started
        from order_event e
        cross join lateral (
          select max(a.at) filter (where a.to_status = 'received' and a.at <= e.at) as arrived,
            max(a.at) filter (where a.to_status = 'accepted' and a.at <= e.at) as accepted,
            coalesce(bool_or(a.to_status = 'revised'), false) as revised
          from order_event a
          where a.order_id = e.order_id and a.from_status <> a.to_status
        ) h
        where ((e.to_status = 'checked' and e.from_status = 'received') or ${movedTo('paid')}) and ${window}
      ) moves
      group by kind, day`,
  )
  const byDay = (rows: Row[]) => new Map(rows.map((row) => [String(row.day), row]))
  const arrived = byDay(arrivals)
  const checked = byDay(done.filter((row) => row.kind === 'checked'))
  const paid = byDay(done.filter((row) => row.kind === 'paid'))
  const length = Math.round((Date.parse(lastDay) - Date.parse(firstDay)) / DAY_MS) + 1
  return Array.from({ length }, (_, index): DayFigures => {
    const day = addLondonDays(firstDay, index)
    const check = checked.get(day)
    const pay = paid.get(day)
    const checkedCount = int(check?.done)
    const revised = int(check?.revised)
    return {
      day,
      arrivedDevices: int(arrived.get(day)?.devices),
      checked: checkedCount,
      revised,
      revisedPercent: checkedCount ? Math.round((revised * 100) / checkedCount) : null,
      checkHours: hours(check?.median),
      paid: int(pay?.done),
      paidPence: int(pay?.pence),
      payHours: hours(pay?.median),
    }
  })
}

/**
 * A day's figures no longer change once it is over: every move is written at the time it is made.
 * An hour's grace covers a transaction that began before midnight and committed after it. Days
 * over are kept here, per database, so a dashboard reads only the days still open.
 */
const SETTLED_AFTER_MS = 3_600_000
const settledDays = new WeakMap<Db, { closed: string; days: Map<string, DayFigures> }>()

async function chartDays(db: Db, now: Date, calendar: BusinessCalendar): Promise<DayFigures[]> {
  const today = londonDay(now)
  const wanted = Array.from({ length: CHART_DAYS }, (_, index) => addLondonDays(today, index + 1 - CHART_DAYS))
  const settled = (day: string) => startOfLondonDay(addLondonDays(day, 1)).getTime() <= now.getTime() - SETTLED_AFTER_MS
  // A closure day added for a day gone by changes its working hours: the days kept start again.
  const closed = closedWeekdays(calendar).join()
  const held = settledDays.get(db)
  const kept = held?.closed === closed ? held.days : new Map<string, DayFigures>()
  settledDays.set(db, { closed, days: kept })
  const missing = wanted.filter((day) => !kept.has(day) || !settled(day))
  const fresh = new Map<string, DayFigures>()
  if (missing.length) {
    for (const figures of await spanFigures(db, missing[0]!, missing.at(-1)!, calendar)) {
      if (settled(figures.day)) kept.set(figures.day, figures)
      else kept.delete(figures.day)
      fresh.set(figures.day, figures)
    }
  }
  for (const day of kept.keys()) if (!wanted.includes(day)) kept.delete(day)
  return wanted.map((day) => fresh.get(day) ?? kept.get(day)!)
}

/**
 * Orders waiting for their check now, how many past the promise, and returns to send: by the time
 * each entered its status, as the staff list's "waiting over a working day" filter counts them.
 */
async function queueFigures(db: Db, now: Date, promises: Promises, calendar: BusinessCalendar) {
  const cutoff = workingDaysBefore(now, promises.checkWorkingDays, calendar)
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as waiting, count(*) filter (where o.status_since < ${stamp(cutoff)})::int as overdue,
        (select count(*) from seller_order r where r.status = 'returning')::int as returning
      from seller_order o
      where o.status = 'received'`,
  )
  return { waiting: int(row?.waiting), waitingOverdue: int(row?.overdue), returnsToSend: int(row?.returning) }
}

/** Everything the dashboard shows at `now`, in one call (the bench times this). */
export async function dashboardFigures(
  db: Db,
  now: Date,
  promises: Promises,
  calendar: BusinessCalendar,
): Promise<DashboardFigures> {
  const days = await chartDays(db, now, calendar)
  return { today: { ...days.at(-1)!, ...(await queueFigures(db, now, promises, calendar)) }, days }
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
  /** How the seller was paid (the order's payout method: bank, paypal). */
  method: string
  /** The payer and its own reference for the payment, or the payment run's reference; empty when paid by hand. */
  paidBy: string
}

/** The orders paid on a London day, in the order they were paid: the accountant's day sheet. */
export async function paidOnDay(db: Db, day: string): Promise<PaidOrder[]> {
  const rows = await rowsOf(
    db,
    sql`select o.reference, e.at as paid_at, o.total_pence as pence, o.payout_method as method,
        coalesce(
          (select p.payer || ' ' || p.payer_payment_id from payment p
            where p.order_id = o.id and p.state = 'settled' order by p.attempt desc limit 1),
          (select r.reference from payment_run_line l join payment_run r on r.id = l.run_id
            where l.order_id = o.id and l.state = 'paid' order by l.id desc limit 1),
          '') as paid_by,
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
    method: String(row.method),
    paidBy: String(row.paid_by),
  }))
}
