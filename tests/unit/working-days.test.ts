import { workingDaysAgo } from '@/orders/working-days'

const at = (iso: string) => new Date(iso)

describe('workingDaysAgo: Monday to Friday, in UK time', () => {
  it('goes back to the same UK time on the working day before', () => {
    // Thursday 26 November 2026, 10:00 (GMT).
    expect(workingDaysAgo(at('2026-11-26T10:00:00Z'), 1)).toEqual(at('2026-11-25T10:00:00Z'))
    expect(workingDaysAgo(at('2026-11-26T10:00:00Z'), 3)).toEqual(at('2026-11-23T10:00:00Z'))
  })

  it('skips the weekend: Monday 10:00 is one working day after Friday 10:00', () => {
    expect(workingDaysAgo(at('2026-11-30T10:00:00Z'), 1)).toEqual(at('2026-11-27T10:00:00Z'))
    expect(workingDaysAgo(at('2026-11-30T10:00:00Z'), 6)).toEqual(at('2026-11-20T10:00:00Z'))
  })

  it('counts no weekend time: on Saturday or Sunday it is the end of Friday', () => {
    // Friday 27 November ends at midnight; a working day before that is Friday 00:00.
    expect(workingDaysAgo(at('2026-11-28T15:00:00Z'), 1)).toEqual(at('2026-11-27T00:00:00Z'))
    expect(workingDaysAgo(at('2026-11-29T23:59:00Z'), 1)).toEqual(at('2026-11-27T00:00:00Z'))
    expect(workingDaysAgo(at('2026-11-29T23:59:00Z'), 2)).toEqual(at('2026-11-26T00:00:00Z'))
  })

  it('keeps UK wall-clock time across the clocks changing', () => {
    // Monday 30 March 2026 09:00 BST (08:00 UTC); the clocks went forward on Sunday 29 March.
    expect(workingDaysAgo(at('2026-03-30T08:00:00Z'), 1)).toEqual(at('2026-03-27T09:00:00Z'))
    // Monday 26 October 2026 09:00 GMT; the clocks went back on Sunday 25 October.
    expect(workingDaysAgo(at('2026-10-26T09:00:00Z'), 1)).toEqual(at('2026-10-23T08:00:00Z'))
  })

  it('uses UK midnight, not UTC midnight, to tell the day: 23:30 UTC on a Sunday in summer is Monday', () => {
    // Monday 00:30 BST, 1 June 2026 → Friday 00:30 BST.
    expect(workingDaysAgo(at('2026-05-31T23:30:00Z'), 1)).toEqual(at('2026-05-28T23:30:00Z'))
  })

  it('is now itself for no days on a working day', () => {
    expect(workingDaysAgo(at('2026-11-26T10:00:00.123Z'), 0)).toEqual(at('2026-11-26T10:00:00.123Z'))
  })
})
