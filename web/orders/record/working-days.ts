/**
 * Days and working days as the business counts them: on London's clock (GMT in winter, BST in
 * summer), with Monday to Friday as working days less the closed days of a business calendar (bank
 * holidays and closure days, business-calendar.ts). Pure, so the dashboard, the staff queues, the
 * payout job and the tests share one rule; figures-sql.ts says the same in SQL with the constants
 * and the closed weekdays below.
 */

import { SHIPPED_BANK_HOLIDAYS } from '@rules/bank-holidays'
import { isDayString } from '@rules/days'

export const BUSINESS_TIME_ZONE = 'Europe/London'
export const DAY_MS = 86_400_000
/** Working days in a week: Monday to Friday. */
export const WORKING_DAYS_A_WEEK = 5
/** 1970-01-05, the first Monday of the clock's count, in days after 1970-01-01 (a Thursday). */
export const FIRST_MONDAY_DAYS = 4

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** What London's clock reads at `at`, as milliseconds since 1970-01-01 00:00 on that clock. */
export function londonWallClock(at: Date): number {
  const part = Object.fromEntries(clock.formatToParts(at).map(({ type, value }) => [type, Number(value)]))
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
  return wall + (((at.getTime() % 1000) + 1000) % 1000)
}

/** The moment London's clock reads `wall` (the later one when the clocks go back). */
export function fromLondonWallClock(wall: number): Date {
  let at = wall
  for (let tries = 0; tries < 3; tries++) {
    const next = wall - (londonWallClock(new Date(at)) - at)
    if (next === at) break
    at = next
  }
  return new Date(at)
}

/** The London day `at` falls on: "2026-07-02". */
export const londonDay = (at: Date) => new Date(londonWallClock(at)).toISOString().slice(0, 10)

/** When a London day ("2026-07-02") begins. */
export const startOfLondonDay = (day: string) => fromLondonWallClock(Date.parse(`${day}T00:00:00Z`))

/** The London day `days` after `day` (before, when negative). */
export const addLondonDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Whether a string names a real calendar day, written "YYYY-MM-DD" (the Studio checks closure days with it). */
export { isDayString }

/**
 * The days the business does not pay or count as working, besides weekends: England and Wales bank
 * holidays (content-rules/bank-holidays.json) and the closure days editors add.
 */
export type BusinessCalendar = { closedDays: ReadonlySet<string> }
export const NO_CLOSED_DAYS: BusinessCalendar = { closedDays: new Set() }

/**
 * The calendar of the shipped bank holidays with these closure days added (businessCalendar() reads
 * them from Site settings). A closure day that is not a real date is left out rather than trusted.
 */
export function calendarOf(closureDays: readonly string[]): BusinessCalendar {
  return { closedDays: new Set([...SHIPPED_BANK_HOLIDAYS, ...closureDays.filter(isDayString)]) }
}

/** A London day's number in the clock's count: days after the first Monday of 1970. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS - FIRST_MONDAY_DAYS

const isWeekdayNumber = (days: number) => days - 7 * Math.floor(days / 7) < WORKING_DAYS_A_WEEK

/** Weekdays before a day's number: a weekday's place among weekdays, or a weekend's next Monday's. */
function weekdaysBefore(days: number): number {
  const weeks = Math.floor(days / 7)
  return weeks * WORKING_DAYS_A_WEEK + Math.min(days - weeks * 7, WORKING_DAYS_A_WEEK)
}

/**
 * The calendar's closed days that are weekdays (a closed Saturday changes nothing), in order: the
 * days the clock stands still besides weekends. figures-sql.ts hands the same list to its SQL.
 */
export function closedWeekdays(calendar: BusinessCalendar): string[] {
  return [...calendar.closedDays]
    .filter((day) => Number.isInteger(dayNumber(day)) && isWeekdayNumber(dayNumber(day)))
    .sort()
}

/** The closed weekdays as places among weekdays, in order, worked out once per calendar. */
const closedPlaces = new WeakMap<BusinessCalendar, number[]>()
function closedWeekdayPlaces(calendar: BusinessCalendar): number[] {
  let places = closedPlaces.get(calendar)
  if (!places) {
    places = closedWeekdays(calendar).map((day) => weekdaysBefore(dayNumber(day)))
    closedPlaces.set(calendar, places)
  }
  return places
}

/** How many of the sorted `places` are below `place` (a binary search). */
function countBelow(places: number[], place: number): number {
  let [low, high] = [0, places.length]
  while (low < high) {
    const middle = (low + high) >> 1
    if (places[middle]! < place) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Working time on London's clock from the first Monday of 1970 to `at`: it stands still from
 * Saturday 00:00 to Monday 00:00, and through every closed day of the calendar. The difference of
 * two readings is the working time between them.
 */
export function workingClock(at: Date, calendar: BusinessCalendar): number {
  const since = londonWallClock(at) - FIRST_MONDAY_DAYS * DAY_MS
  const days = Math.floor(since / DAY_MS)
  const place = weekdaysBefore(days)
  const places = closedWeekdayPlaces(calendar)
  const closedBefore = countBelow(places, place)
  const open = isWeekdayNumber(days) && places[closedBefore] !== place
  return (place - closedBefore) * DAY_MS + (open ? since - days * DAY_MS : 0)
}

/** Working time, in milliseconds, from `from` to `to`: Monday to Friday on London's clock, closed days out. */
export const workingTimeBetween = (from: Date, to: Date, calendar: BusinessCalendar) =>
  workingClock(to, calendar) - workingClock(from, calendar)

/** Whether something that began at `from` has waited more than `days` working days by `now`. */
export const waitedOverWorkingDays = (from: Date, now: Date, days: number, calendar: BusinessCalendar) =>
  workingTimeBetween(from, now, calendar) > days * DAY_MS

/** The place among weekdays of the working day `count` (from 0): closed places are stepped over. */
function openWeekdayPlace(count: number, places: number[]): number {
  let place = count
  for (const closed of places) {
    if (closed > place) break
    place++
  }
  return place
}

/** When a weekday, by its place among weekdays, begins on London's clock (ms since 1970-01-01). */
function wallOfPlace(place: number): number {
  const weeks = Math.floor(place / WORKING_DAYS_A_WEEK)
  return (weeks * 7 + (place - weeks * WORKING_DAYS_A_WEEK) + FIRST_MONDAY_DAYS) * DAY_MS
}

/**
 * The first moment from which `now` is not more than `days` working days away: whatever began
 * before it has waited longer (`waitedOverWorkingDays`), whatever began at it or after has not.
 * A query compares with it, so an index on the start time answers "waiting too long".
 */
export function workingDaysBefore(now: Date, days: number, calendar: BusinessCalendar): Date {
  const reading = workingClock(now, calendar) - days * DAY_MS
  const count = Math.floor(reading / DAY_MS)
  const intoDay = reading - count * DAY_MS
  const places = closedWeekdayPlaces(calendar)
  // At a working day's very start the clock has stood still since the working day before it ended
  // (over a weekend or closed days): the earliest moment it read so is that end.
  const wall =
    intoDay === 0
      ? wallOfPlace(openWeekdayPlace(count - 1, places)) + DAY_MS
      : wallOfPlace(openWeekdayPlace(count, places)) + intoDay
  return fromLondonWallClock(wall)
}

/** Whether a London day ("2026-12-25") is a working day: Monday to Friday, and not a closed day. */
export function isWorkingDay(day: string, calendar: BusinessCalendar): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday >= 1 && weekday <= 5 && !calendar.closedDays.has(day)
}

/** The first working day after `day`. */
export function nextWorkingDay(day: string, calendar: BusinessCalendar): string {
  let next = addLondonDays(day, 1)
  while (!isWorkingDay(next, calendar)) next = addLondonDays(next, 1)
  return next
}

/** The moment London's clock reads `cutoff` ("14:00") on `day`. */
export const cutoffOn = (day: string, cutoff: string) => fromLondonWallClock(Date.parse(`${day}T${cutoff}:00Z`))

/**
 * The London day on whose cut-off something that became due at `at` is paid: that day when it is a
 * working day and `at` is before its cut-off; otherwise the next working day.
 */
export function paymentDayFor(at: Date, cutoff: string, calendar: BusinessCalendar): string {
  const day = londonDay(at)
  if (isWorkingDay(day, calendar) && at < cutoffOn(day, cutoff)) return day
  return nextWorkingDay(day, calendar)
}

/**
 * The same time of day `days` working days after `from` on London's clock: a deadline counted in
 * working days. Begun on a day that is not a working day, the count starts at the next one's start.
 */
export function addWorkingDays(from: Date, days: number, calendar: BusinessCalendar): Date {
  let day = londonDay(from)
  let intoDay = londonWallClock(from) - Date.parse(`${day}T00:00:00Z`)
  if (!isWorkingDay(day, calendar)) {
    day = nextWorkingDay(day, calendar)
    intoDay = 0
  }
  for (let count = 0; count < days; count++) day = nextWorkingDay(day, calendar)
  return fromLondonWallClock(Date.parse(`${day}T00:00:00Z`) + intoDay)
}
