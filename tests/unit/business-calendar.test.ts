import { readFileSync } from 'node:fs'
import path from 'node:path'
import shipped from '@rules/bank-holidays.json'
import { checkBankHolidays, SHIPPED_BANK_HOLIDAYS } from '@rules/bank-holidays'
import { siteSettings } from '../../studio/schemaTypes/singletons/site-settings'
import {
  calendarOf,
  closedWeekdays,
  isWorkingDay,
  NO_CLOSED_DAYS,
  nextWorkingDay,
  paymentDayFor,
  waitedOverWorkingDays,
  workingDaysBefore,
  workingTimeBetween,
} from '@/orders/record/working-days'

// The business calendar with real 2026 dates: the shipped England and Wales bank holidays, and
// closure days as editors add them.
const at = (iso: string) => new Date(iso)
const HOUR = 3_600_000
const BANK_HOLIDAYS = calendarOf([])
/** The days between Christmas and New Year closed too (Tuesday to Thursday). */
const CHRISTMAS_CLOSURE = calendarOf(['2026-12-29', '2026-12-30', '2026-12-31'])

/** Easter Sunday by the anonymous Gregorian computus, to hold the hand-written years to. */
function easterSunday(year: number): string {
  const a = year % 19
  const [b, c] = [Math.floor(year / 100), year % 100]
  const [d, e] = [Math.floor(b / 4), b % 4]
  const g = Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const l = (32 + 2 * e + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10)

describe('the shipped bank holidays', () => {
  it('pass the check npm run bank-holidays holds GOV.UK’s answer to, 2025 to 2028', () => {
    const checked = checkBankHolidays(shipped, 2026)
    expect('problem' in checked ? checked.problem : checked.years).toEqual([2025, 2026, 2027, 2028])
  })

  it('list 2026 as GOV.UK does', () => {
    expect(SHIPPED_BANK_HOLIDAYS.filter((day) => day.startsWith('2026'))).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ])
  })

  it.each([2025, 2026, 2027, 2028])('put %i’s Good Friday and Easter Monday around Easter Sunday', (year) => {
    const easter = easterSunday(year)
    const events = shipped['england-and-wales'].events.filter(({ date }) => date.startsWith(String(year)))
    expect(events.find(({ title }) => title === 'Good Friday')?.date).toBe(plusDays(easter, -2))
    expect(events.find(({ title }) => title === 'Easter Monday')?.date).toBe(plusDays(easter, 1))
  })

  it('fall on weekdays only, a weekend one moved to a substitute day', () => {
    const events = shipped['england-and-wales'].events
    expect(events.filter(({ date }) => !isWorkingDay(date, NO_CLOSED_DAYS))).toEqual([])
    expect(events.filter(({ notes }) => notes === 'Substitute day').map(({ date }) => date)).toEqual([
      '2026-12-28',
      '2027-12-27',
      '2027-12-28',
      '2028-01-03',
    ])
  })
})

describe('the check of GOV.UK’s answer', () => {
  const division = (events: unknown) => ({ 'england-and-wales': { division: 'england-and-wales', events } })
  const events = shipped['england-and-wales'].events
  const problem = (answer: unknown) => {
    const checked = checkBankHolidays(answer, 2026)
    return 'problem' in checked ? checked.problem : null
  }

  it('refuses what is not GOV.UK’s shape', () => {
    expect(problem([])).toMatch(/not a JSON object/)
    expect(problem({ 'england-and-wales': { division: 'scotland', events } })).toMatch(/named "scotland"/)
    expect(problem(division([]))).toMatch(/no events/)
    expect(problem(division(events.map((event, index) => (index === 5 ? { ...event, title: '' } : event))))).toMatch(
      /event 6 has no title/,
    )
    expect(
      problem(division(events.map((event, index) => (index === 5 ? { ...event, bunting: 'yes' } : event)))),
    ).toMatch(/no "bunting"/)
  })

  it('refuses dates out of order or repeated, a year missing, and an answer without this year', () => {
    expect(problem(division([events[1], events[0], ...events.slice(2)]))).toMatch(/must run forward/)
    expect(problem(division([events[0], ...events]))).toMatch(/must run forward/)
    expect(problem(division(events.filter(({ date }) => !date.startsWith('2026'))))).toMatch(/no days listed for 2026/)
    expect(problem(division(events.filter(({ date }) => date.startsWith('2025'))))).toMatch(/no days for 2026/)
    expect(problem(division(events))).toBeNull()
  })
})

describe('the calendar', () => {
  it('joins the bank holidays and the editors’ closure days, leaving out what is not a date', () => {
    const calendar = calendarOf(['2026-12-29', '2026-02-30', 'Christmas'])
    expect(calendar.closedDays.has('2026-12-25')).toBe(true)
    expect(calendar.closedDays.has('2026-12-29')).toBe(true)
    expect(calendar.closedDays.has('2026-02-30')).toBe(false)
    expect(calendar.closedDays.size).toBe(SHIPPED_BANK_HOLIDAYS.length + 1)
    // A closed Saturday changes nothing: the clock stands still on weekdays' closed days only.
    const december = (day: string) => day > '2026-12-25' && day < '2027-01-01'
    expect(closedWeekdays(calendarOf(['2026-12-26', '2026-12-29'])).filter(december)).toEqual([
      '2026-12-28',
      '2026-12-29',
    ])
  })
})

describe('working days with bank holidays and closure days (2026)', () => {
  it('knows Good Friday, Easter Monday, Christmas, its substitute Boxing Day and a closure day', () => {
    const closed = ['2026-04-03', '2026-04-06', '2026-12-25', '2026-12-28']
    for (const day of closed) expect([day, isWorkingDay(day, BANK_HOLIDAYS)]).toEqual([day, false])
    for (const day of closed) expect([day, isWorkingDay(day, NO_CLOSED_DAYS)]).toEqual([day, true])
    expect(isWorkingDay('2026-12-29', BANK_HOLIDAYS)).toBe(true)
    expect(isWorkingDay('2026-12-29', CHRISTMAS_CLOSURE)).toBe(false)
    expect(isWorkingDay('2026-04-07', BANK_HOLIDAYS)).toBe(true)
  })

  it('finds the next working day over Easter, Christmas and the closure', () => {
    expect(nextWorkingDay('2026-04-02', BANK_HOLIDAYS)).toBe('2026-04-07')
    expect(nextWorkingDay('2026-12-24', BANK_HOLIDAYS)).toBe('2026-12-29')
    expect(nextWorkingDay('2026-12-24', CHRISTMAS_CLOSURE)).toBe('2027-01-04')
    expect(nextWorkingDay('2026-11-27', BANK_HOLIDAYS)).toBe('2026-11-30')
  })

  it('counts no working time on a bank holiday: Maundy Thursday to the Tuesday after Easter is one day', () => {
    // Thursday 2 April 10:00 BST to Tuesday 7 April 10:00 BST.
    const [from, to] = [at('2026-04-02T09:00:00Z'), at('2026-04-07T09:00:00Z')]
    expect(workingTimeBetween(from, to, BANK_HOLIDAYS)).toBe(24 * HOUR)
    expect(workingTimeBetween(from, to, NO_CLOSED_DAYS)).toBe(72 * HOUR)
    // All of Good Friday and Easter Monday: none.
    expect(workingTimeBetween(at('2026-04-02T23:00:00Z'), at('2026-04-06T22:59:59Z'), BANK_HOLIDAYS)).toBe(0)
  })

  it('stops the clock over Christmas, and on closure days too', () => {
    // Thursday 24 December 12:00 to Tuesday 29 December 12:00 (GMT).
    const [from, to] = [at('2026-12-24T12:00:00Z'), at('2026-12-29T12:00:00Z')]
    expect(workingTimeBetween(from, to, BANK_HOLIDAYS)).toBe(24 * HOUR)
    expect(workingTimeBetween(from, to, CHRISTMAS_CLOSURE)).toBe(12 * HOUR)
    expect(workingTimeBetween(from, at('2027-01-04T12:00:00Z'), CHRISTMAS_CLOSURE)).toBe(24 * HOUR)
    expect(waitedOverWorkingDays(from, at('2027-01-04T12:00:00Z'), 1, CHRISTMAS_CLOSURE)).toBe(false)
    expect(waitedOverWorkingDays(from, at('2027-01-04T12:00:01Z'), 1, CHRISTMAS_CLOSURE)).toBe(true)
  })

  it('goes back over closed days to the same time on the working day before', () => {
    const cases: Array<[string, number, string, string]> = [
      // Tuesday after Easter 10:00 BST → Maundy Thursday 10:00 BST.
      ['2026-04-07T09:00:00Z', 1, '2026-04-02T09:00:00.000Z', 'Easter'],
      // Tuesday after Easter 00:00 BST → the end of Wednesday 1 April (Thursday 00:00 BST).
      ['2026-04-06T23:00:00Z', 1, '2026-04-01T23:00:00.000Z', 'a working day’s very start'],
      // Good Friday noon → Thursday 00:00 BST: all of Thursday has gone by.
      ['2026-04-03T11:00:00Z', 1, '2026-04-01T23:00:00.000Z', 'a bank holiday'],
      ['2026-12-29T12:00:00Z', 1, '2026-12-24T12:00:00.000Z', 'Christmas'],
      ['2026-12-29T12:00:00Z', 2, '2026-12-23T12:00:00.000Z', 'Christmas, two days'],
      // Tuesday 5 May 2026 09:00 BST (after the Early May bank holiday) → Friday 1 May 09:00 BST.
      ['2026-05-05T08:00:00Z', 1, '2026-05-01T08:00:00.000Z', 'Early May'],
    ]
    for (const [now, days, before, why] of cases) {
      const found = workingDaysBefore(at(now), days, BANK_HOLIDAYS)
      expect([why, found.toISOString()]).toEqual([why, before])
      expect(waitedOverWorkingDays(new Date(found.getTime() - 1), at(now), days, BANK_HOLIDAYS)).toBe(true)
      expect(waitedOverWorkingDays(found, at(now), days, BANK_HOLIDAYS)).toBe(false)
    }
    // Monday 4 January 2027 12:00 with the closure → Thursday 24 December 12:00.
    expect(workingDaysBefore(at('2027-01-04T12:00:00Z'), 1, CHRISTMAS_CLOSURE)).toEqual(at('2026-12-24T12:00:00Z'))
  })

  it('agrees with the count every seven hours through 2026 and into 2027', () => {
    for (let time = Date.parse('2026-01-01T00:30:00Z'); time < Date.parse('2027-01-08T00:00:00Z'); time += 7 * HOUR) {
      const now = new Date(time)
      for (const days of [1, 3]) {
        const before = workingDaysBefore(now, days, CHRISTMAS_CLOSURE)
        expect(waitedOverWorkingDays(new Date(before.getTime() - 1), now, days, CHRISTMAS_CLOSURE)).toBe(true)
        expect(waitedOverWorkingDays(before, now, days, CHRISTMAS_CLOSURE)).toBe(false)
      }
    }
  })
})

describe('the day a payment goes', () => {
  const CUTOFF = '14:00'
  const day = (iso: string, calendar = BANK_HOLIDAYS) => paymentDayFor(at(iso), CUTOFF, calendar)

  it('is today before the cut-off on a working day, and the next working day from the cut-off on', () => {
    // Thursday 26 November 2026 (GMT): 14:00 London is 14:00 UTC.
    expect(day('2026-11-26T13:59:59Z')).toBe('2026-11-26')
    expect(day('2026-11-26T14:00:00Z')).toBe('2026-11-27')
    // Thursday 2 July 2026 (BST): 14:00 London is 13:00 UTC.
    expect(day('2026-07-02T12:59:59Z')).toBe('2026-07-02')
    expect(day('2026-07-02T13:00:00Z')).toBe('2026-07-03')
  })

  it('goes from a Friday after the cut-off, or a weekend, to Monday', () => {
    expect(day('2026-11-27T15:00:00Z')).toBe('2026-11-30')
    expect(day('2026-11-28T09:00:00Z')).toBe('2026-11-30')
    expect(day('2026-11-29T23:59:59Z')).toBe('2026-11-30')
  })

  it('goes from Maundy Thursday after the cut-off, or Good Friday, to the Tuesday after Easter', () => {
    expect(day('2026-04-02T12:59:59Z')).toBe('2026-04-02')
    expect(day('2026-04-02T13:00:00Z')).toBe('2026-04-07')
    expect(day('2026-04-03T08:00:00Z')).toBe('2026-04-07')
    expect(day('2026-04-02T13:00:00Z', NO_CLOSED_DAYS)).toBe('2026-04-03')
  })

  it('goes over Christmas, and over the closure days editors add', () => {
    expect(day('2026-12-24T15:00:00Z')).toBe('2026-12-29')
    expect(day('2026-12-24T15:00:00Z', CHRISTMAS_CLOSURE)).toBe('2027-01-04')
    expect(day('2026-12-29T10:00:00Z', CHRISTMAS_CLOSURE)).toBe('2027-01-04')
  })
})

describe('closure days in the Studio', () => {
  type Field = { name: string; fields?: Field[]; of?: Field[]; validation?: (rule: unknown) => unknown }
  const closureDays = (siteSettings as unknown as { fields: Field[] }).fields.find(
    (field) => field.name === 'closureDays',
  )!
  const dateField = closureDays.of![0]!.fields!.find((field) => field.name === 'date')!

  type Chain = { checks: Array<(value: unknown) => unknown>; level: 'error' | 'warning' }

  /**
   * Sanity's Rule, played: each call on the rule a field is handed starts a chain (a field may
   * return several), which collects its custom checks and whether it is only a warning.
   */
  function problems(field: Field, value: unknown): Array<{ level: Chain['level']; message: string }> {
    const chains: Chain[] = []
    const chained = (chain: Chain): unknown =>
      new Proxy(
        {},
        {
          get: (_, method) => (argument: unknown) => {
            if (method === 'custom') chain.checks.push(argument as Chain['checks'][number])
            if (method === 'warning') chain.level = 'warning'
            return chained(chain)
          },
        },
      )
    const handed = new Proxy(
      {},
      {
        get: (_, method) => (argument: unknown) => {
          const chain: Chain = { checks: [], level: 'error' }
          chains.push(chain)
          return (chained(chain) as Record<string, (argument: unknown) => unknown>)[method as string]!(argument)
        },
      },
    )
    field.validation?.(handed)
    return chains.flatMap(({ checks, level }) =>
      checks.flatMap((check) => {
        const verdict = check(value)
        return verdict === true ? [] : [{ level, message: String(verdict) }]
      }),
    )
  }

  it('refuses a date that is not real, and warns of a weekend or a bank holiday', () => {
    expect(problems(dateField, '2026-12-29')).toEqual([])
    expect(problems(dateField, '2026-02-30')).toEqual([{ level: 'error', message: 'Choose a real date.' }])
    expect(problems(dateField, '2026-12-26')).toEqual([{ level: 'warning', message: expect.stringMatching(/weekend/) }])
    expect(problems(dateField, '2026-12-28')).toEqual([
      { level: 'warning', message: expect.stringMatching(/bank holiday/) },
    ])
  })

  it('refuses the same date twice', () => {
    const day = (date: string) => ({ _key: date, date, reason: 'Christmas closure' })
    expect(problems(closureDays, [day('2026-12-29'), day('2026-12-30')])).toEqual([])
    expect(problems(closureDays, [day('2026-12-29'), day('2026-12-30'), day('2026-12-29')])).toEqual([
      { level: 'error', message: '2026-12-29 is listed more than once: keep one.' },
    ])
  })

  it('ships with none in the seed', () => {
    const settings = readFileSync(path.join(__dirname, '../../studio/seed/data.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { _id: string; closureDays?: unknown })
      .find((doc) => doc._id === 'siteSettings')
    expect(settings?.closureDays).toEqual([])
  })
})
