import {
  addLondonDays,
  addWorkingDays,
  calendarOf,
  isDayString,
  londonDay,
  NO_CLOSED_DAYS,
  startOfLondonDay,
  waitedOverWorkingDays,
  workingDaysBefore,
  workingTimeBetween,
} from '@/orders/record/working-days'

const at = (iso: string) => new Date(iso)
const HOUR = 3_600_000
/** Weekends only: the rules as they stood before the calendar. */
const NONE = NO_CLOSED_DAYS

describe('London days', () => {
  it('puts 23:30 UTC in summer on the next day, and in winter on the same day', () => {
    expect(londonDay(at('2026-07-01T23:30:00Z'))).toBe('2026-07-02')
    expect(londonDay(at('2026-07-01T22:59:59Z'))).toBe('2026-07-01')
    expect(londonDay(at('2026-12-01T23:30:00Z'))).toBe('2026-12-01')
  })

  it('starts a summer day at 23:00 UTC the evening before, a winter day at midnight', () => {
    expect(startOfLondonDay('2026-07-02').toISOString()).toBe('2026-07-01T23:00:00.000Z')
    expect(startOfLondonDay('2026-12-02').toISOString()).toBe('2026-12-02T00:00:00.000Z')
    // The day the clocks go back is 25 hours long.
    const next = startOfLondonDay('2026-10-26').getTime() - startOfLondonDay('2026-10-25').getTime()
    expect(next).toBe(25 * HOUR)
  })

  it('counts days across months and reads only real dates', () => {
    expect(addLondonDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addLondonDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(['2026-02-28', '2026-02-30', '26-01-01', '2026-1-01', ''].map(isDayString)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('working days', () => {
  it('counts Monday to Friday and stops the clock over the weekend', () => {
    // Friday 15:00 to Monday 15:00 (winter): nine hours of Friday and fifteen of Monday.
    expect(workingTimeBetween(at('2026-11-27T15:00:00Z'), at('2026-11-30T15:00:00Z'), NONE)).toBe(24 * HOUR)
    // Saturday to Sunday: none.
    expect(workingTimeBetween(at('2026-11-28T09:00:00Z'), at('2026-11-29T20:00:00Z'), NONE)).toBe(0)
    // Tuesday 10:00 to Wednesday 09:00.
    expect(workingTimeBetween(at('2026-11-24T10:00:00Z'), at('2026-11-25T09:00:00Z'), NONE)).toBe(23 * HOUR)
  })

  it('counts on London’s clock in summer', () => {
    // Friday 23:30 London (22:30 UTC) to Monday 00:30 London: half an hour each side of the weekend.
    expect(workingTimeBetween(at('2026-07-03T22:30:00Z'), at('2026-07-05T23:30:00Z'), NONE)).toBe(HOUR)
  })

  it('says a parcel waited over a working day only past the same time on the next working day', () => {
    const friday = at('2026-11-27T15:00:00Z')
    expect(waitedOverWorkingDays(friday, at('2026-11-30T15:00:00Z'), 1, NONE)).toBe(false)
    expect(waitedOverWorkingDays(friday, at('2026-11-30T15:00:01Z'), 1, NONE)).toBe(true)
    // A parcel in on Saturday has until the end of Monday.
    const saturday = at('2026-11-28T11:00:00Z')
    expect(waitedOverWorkingDays(saturday, at('2026-11-30T23:59:59Z'), 1, NONE)).toBe(false)
    expect(waitedOverWorkingDays(saturday, at('2026-12-01T00:00:01Z'), 1, NONE)).toBe(true)
  })

  it('gives the moment before which anything has waited too long, agreeing with the count', () => {
    const cases: Array<[string, number, string]> = [
      ['2026-11-30T15:00:00Z', 1, '2026-11-27T15:00:00.000Z'], // Monday → Friday, same time
      ['2026-11-25T10:00:00Z', 1, '2026-11-24T10:00:00.000Z'], // Wednesday → Tuesday
      ['2026-11-30T00:00:00Z', 1, '2026-11-27T00:00:00.000Z'], // Monday 00:00 → Friday 00:00
      ['2026-11-28T12:00:00Z', 1, '2026-11-27T00:00:00.000Z'], // Saturday → Friday's start
      ['2026-12-01T00:00:00Z', 1, '2026-11-28T00:00:00.000Z'], // Tuesday 00:00 → Saturday 00:00
      ['2026-12-02T09:00:00Z', 2, '2026-11-30T09:00:00.000Z'],
      ['2026-07-06T12:00:00Z', 1, '2026-07-03T12:00:00.000Z'], // summer: Monday 13:00 BST → Friday 13:00 BST
    ]
    for (const [now, days, cutoff] of cases) {
      const before = workingDaysBefore(at(now), days, NONE)
      expect(before.toISOString()).toBe(cutoff)
      expect(waitedOverWorkingDays(new Date(before.getTime() - 1), at(now), days, NONE)).toBe(true)
      expect(waitedOverWorkingDays(before, at(now), days, NONE)).toBe(false)
    }
  })
})

describe('workingDaysBefore, as the staff list’s "waiting over a working day" reads it', () => {
  it('goes back to the same UK time on the working day before', () => {
    // Thursday 26 November 2026, 10:00 (GMT).
    expect(workingDaysBefore(at('2026-11-26T10:00:00Z'), 1, NONE)).toEqual(at('2026-11-25T10:00:00Z'))
    expect(workingDaysBefore(at('2026-11-26T10:00:00Z'), 3, NONE)).toEqual(at('2026-11-23T10:00:00Z'))
  })

  it('skips the weekend: Monday 10:00 is one working day after Friday 10:00', () => {
    expect(workingDaysBefore(at('2026-11-30T10:00:00Z'), 1, NONE)).toEqual(at('2026-11-27T10:00:00Z'))
    expect(workingDaysBefore(at('2026-11-30T10:00:00Z'), 6, NONE)).toEqual(at('2026-11-20T10:00:00Z'))
  })

  it('counts no weekend time: on Saturday or Sunday it is the end of Friday', () => {
    // Friday 27 November ends at midnight; a working day before that is Friday 00:00.
    expect(workingDaysBefore(at('2026-11-28T15:00:00Z'), 1, NONE)).toEqual(at('2026-11-27T00:00:00Z'))
    expect(workingDaysBefore(at('2026-11-29T23:59:00Z'), 1, NONE)).toEqual(at('2026-11-27T00:00:00Z'))
    expect(workingDaysBefore(at('2026-11-29T23:59:00Z'), 2, NONE)).toEqual(at('2026-11-26T00:00:00Z'))
  })

  it('keeps UK wall-clock time across the clocks changing', () => {
    // Monday 30 March 2026 09:00 BST (08:00 UTC); the clocks went forward on Sunday 29 March.
    expect(workingDaysBefore(at('2026-03-30T08:00:00Z'), 1, NONE)).toEqual(at('2026-03-27T09:00:00Z'))
    // Monday 26 October 2026 09:00 GMT; the clocks went back on Sunday 25 October.
    expect(workingDaysBefore(at('2026-10-26T09:00:00Z'), 1, NONE)).toEqual(at('2026-10-23T08:00:00Z'))
  })

  it('uses UK midnight, not UTC midnight, to tell the day: 23:30 UTC on a Sunday in summer is Monday', () => {
    // Monday 00:30 BST, 1 June 2026 → Friday 00:30 BST.
    expect(workingDaysBefore(at('2026-05-31T23:30:00Z'), 1, NONE)).toEqual(at('2026-05-28T23:30:00Z'))
  })

  it('is now itself for no days on a working day', () => {
    expect(workingDaysBefore(at('2026-11-26T10:00:00.123Z'), 0, NONE)).toEqual(at('2026-11-26T10:00:00.123Z'))
  })
})

describe('addWorkingDays, as a lock hold’s deadline is counted', () => {
  it('keeps the time of day, steps over weekends and closed days, and agrees with the waiting count', () => {
    // Friday 10:00 in winter, two working days on: Tuesday 10:00.
    expect(addWorkingDays(at('2026-12-04T10:00:00Z'), 2, NONE).toISOString()).toBe('2026-12-08T10:00:00.000Z')
    // Over Christmas with the bank holidays closed: 24 December, two working days on is 30 December.
    const christmas = calendarOf(['2026-12-25', '2026-12-28'])
    expect(addWorkingDays(at('2026-12-24T09:00:00Z'), 2, christmas).toISOString()).toBe('2026-12-30T09:00:00.000Z')
    // Begun on a Saturday: counted from Monday's start.
    expect(addWorkingDays(at('2026-12-05T15:00:00Z'), 1, NONE).toISOString()).toBe('2026-12-08T00:00:00.000Z')
    const from = at('2026-11-03T10:00:00Z')
    const deadline = addWorkingDays(from, 10, NONE)
    expect(waitedOverWorkingDays(from, deadline, 10, NONE)).toBe(false)
    expect(waitedOverWorkingDays(from, new Date(deadline.getTime() + 1000), 10, NONE)).toBe(true)
  })
})
