/**
 * Working days, Monday to Friday in UK time, for "waiting over a working day". Pure: no clock, no
 * database, so it is tested on its own and the lead can merge it with any other calendar rule.
 */

const ZONE = 'Europe/London'
const DAY_MS = 24 * 3600 * 1000
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

/** UK wall-clock time at `instant`, as if it were UTC (so the calendar arithmetic below is plain). */
function londonWallClock(instant: number): number {
  const field = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, Number(part.value)]))
  return (
    Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!) + (instant % 1000)
  )
}

/** The instant at which UK clocks show `wall`; in the hour skipped in spring, the hour after. */
function instantOf(wall: number): number {
  let instant = wall
  for (let pass = 0; pass < 2; pass++) instant = wall - (londonWallClock(instant) - instant)
  return instant
}

const isWeekend = (wall: number) => [0, 6].includes(new Date(wall).getUTCDay())

/**
 * The moment `days` working days before `now`: the same UK time on the working day that many
 * working days back (Monday 10:00 → Friday 10:00). Weekend time does not count: at a weekend `now`
 * is taken as the end of the Friday before. Bank holidays count as working days.
 */
export function workingDaysAgo(now: Date, days: number): Date {
  let wall = londonWallClock(now.getTime())
  if (isWeekend(wall)) {
    // Back to midnight at the start of Saturday: the end of Friday's working day.
    wall -= wall % DAY_MS
    while (isWeekend(wall - DAY_MS)) wall -= DAY_MS
  }
  for (let left = days; left > 0;) {
    wall -= DAY_MS
    if (!isWeekend(wall)) left--
  }
  return new Date(instantOf(wall))
}
