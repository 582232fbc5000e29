/**
 * England and Wales bank holidays in GOV.UK's own shape (https://www.gov.uk/bank-holidays.json):
 * the check an answer must pass before `npm run bank-holidays` writes it to bank-holidays.json, and
 * the days in that shipped file, which the business calendar closes.
 */
import shipped from './bank-holidays.json'
import { isDayString } from './days'

/** The division of GOV.UK's file the business keeps: its offices and its bank are in England. */
export const BANK_HOLIDAY_DIVISION = 'england-and-wales'

export type BankHoliday = { title: string; date: string; notes: string; bunting: boolean }
export type BankHolidayFile = { [BANK_HOLIDAY_DIVISION]: { division: string; events: BankHoliday[] } }

/**
 * England and Wales have had at least eight bank holidays every year since 1978 (a weekend one gets
 * a substitute day): a year listed with fewer is an answer cut short.
 */
export const FEWEST_A_YEAR = 8

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function eventProblem(event: unknown, index: number): string | null {
  const where = `event ${index + 1}`
  if (!isObject(event)) return `${where} is not an object`
  if (typeof event.title !== 'string' || !event.title.trim()) return `${where} has no title`
  if (typeof event.date !== 'string' || !isDayString(event.date)) {
    return `${where} ("${event.title}") has no real date: ${JSON.stringify(event.date)}`
  }
  if (typeof event.notes !== 'string') return `${where} (${event.date}) has no "notes" text`
  if (typeof event.bunting !== 'boolean') return `${where} (${event.date}) has no "bunting" true or false`
  return null
}

/**
 * GOV.UK's answer, reduced to the England and Wales division, or what is wrong with it. Strict, so a
 * malformed or partial answer never replaces the shipped days: the division must be there, named
 * as GOV.UK names it; every event needs a title, a real date, notes and bunting; dates run forward
 * with no repeat; the years listed run without a gap, each with at least FEWEST_A_YEAR days; and
 * `thisYear` is among them.
 */
export function checkBankHolidays(
  answer: unknown,
  thisYear: number,
): { file: BankHolidayFile; years: number[] } | { problem: string } {
  if (!isObject(answer)) return { problem: 'the answer is not a JSON object' }
  const division = answer[BANK_HOLIDAY_DIVISION]
  if (!isObject(division)) return { problem: `the answer has no "${BANK_HOLIDAY_DIVISION}" division` }
  if (division.division !== BANK_HOLIDAY_DIVISION) {
    return { problem: `the division is named ${JSON.stringify(division.division)}, not "${BANK_HOLIDAY_DIVISION}"` }
  }
  if (!Array.isArray(division.events) || !division.events.length) return { problem: 'the division lists no events' }
  const events: BankHoliday[] = []
  for (const [index, event] of (division.events as unknown[]).entries()) {
    const problem = eventProblem(event, index)
    if (problem) return { problem }
    const { title, date, notes, bunting } = event as BankHoliday
    const previous = events.at(-1)
    if (previous && date <= previous.date) {
      return { problem: `${date} comes after ${previous.date}: the dates must run forward, each once` }
    }
    events.push({ title, date, notes, bunting })
  }
  const perYear = new Map<number, number>()
  for (const { date } of events) perYear.set(Number(date.slice(0, 4)), (perYear.get(Number(date.slice(0, 4))) ?? 0) + 1)
  const years = [...perYear.keys()]
  for (const [index, year] of years.entries()) {
    if (index && year !== years[index - 1]! + 1) return { problem: `no days listed for ${years[index - 1]! + 1}` }
    if (perYear.get(year)! < FEWEST_A_YEAR) {
      return {
        problem: `${year} lists ${perYear.get(year)} days, fewer than ${FEWEST_A_YEAR}: the answer is cut short`,
      }
    }
  }
  if (!perYear.has(thisYear)) return { problem: `the answer lists no days for ${thisYear}, this year` }
  return { file: { [BANK_HOLIDAY_DIVISION]: { division: BANK_HOLIDAY_DIVISION, events } }, years }
}

/** The England and Wales bank holidays shipped with the site, as London days ("2026-12-25"). */
export const SHIPPED_BANK_HOLIDAYS: readonly string[] = shipped[BANK_HOLIDAY_DIVISION].events.map(({ date }) => date)
