// `npm run bank-holidays`
// Fetches GOV.UK's bank holidays (BANK_HOLIDAYS_URL, or https://www.gov.uk/bank-holidays.json),
// checks the answer strictly (content-rules/bank-holidays.ts) and rewrites the shipped
// content-rules/bank-holidays.json (BANK_HOLIDAYS_FILE, for a test's copy) with the England and
// Wales division. A malformed or partial answer, or none, changes nothing and exits non-zero.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BANK_HOLIDAY_DIVISION, checkBankHolidays, type BankHolidayFile } from '@rules/bank-holidays'

const GOV_UK = 'https://www.gov.uk/bank-holidays.json'
const TIMEOUT_MS = 20_000

const source = process.env.BANK_HOLIDAYS_URL?.trim() || GOV_UK
const target =
  process.env.BANK_HOLIDAYS_FILE?.trim() || path.join(__dirname, '..', 'content-rules', 'bank-holidays.json')
const shown = path.relative(process.cwd(), target).startsWith('..') ? target : path.relative(process.cwd(), target)

function fail(message: string): never {
  console.error(`bank-holidays: ${message}. ${shown} is unchanged.`)
  process.exit(1)
}

async function fetchAnswer(): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(source, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause
    return fail(`could not reach ${source}: ${cause?.message ?? (error as Error).message}`)
  }
  if (!response.ok) return fail(`${source} answered ${response.status} ${response.statusText}`)
  try {
    return JSON.parse(await response.text()) as unknown
  } catch {
    return fail(`${source} answered something that is not JSON`)
  }
}

function daysIn(file: string): Set<string> {
  try {
    const shipped = JSON.parse(readFileSync(file, 'utf8')) as BankHolidayFile
    return new Set(shipped[BANK_HOLIDAY_DIVISION].events.map(({ date }) => date))
  } catch {
    return new Set()
  }
}

async function main() {
  const answer = await fetchAnswer()
  const checked = checkBankHolidays(answer, new Date().getUTCFullYear())
  if ('problem' in checked) fail(`${source} gave an answer that does not hold: ${checked.problem}`)
  const before = daysIn(target)
  const after = checked.file[BANK_HOLIDAY_DIVISION].events.map(({ date }) => date)
  // Written whole, then moved into place: a reader never sees half a file.
  const temporary = `${target}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(checked.file, null, 2)}\n`)
  renameSync(temporary, target)
  const added = after.filter((day) => !before.has(day))
  const removed = [...before].filter((day) => !after.includes(day))
  console.log(
    `bank-holidays: ${after.length} England and Wales days, ${checked.years[0]} to ${checked.years.at(-1)}, written to ${shown}.`,
  )
  console.log(`Added: ${added.join(', ') || 'none'}. Removed: ${removed.join(', ') || 'none'}.`)
  if (added.length || removed.length)
    console.log('Commit the file, then build and deploy: the site takes the days in when it is built.')
}

void main()
