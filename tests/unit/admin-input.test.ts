import type { FieldIssue } from '@/lib/field-problem'
import {
  adminMovesFor,
  isImei,
  parseAdminAction,
  parseReturnDeclined,
  type AdminProblem,
} from '@/orders/moves/admin-input'
import { poundsToPence } from '@/lib/money'
import { declinedToReturn } from '@/orders/record/order-values'
import { parseOrderSearch, parseStatusFilter } from '@/orders/queue/order-search'

const PHONE = '1b4e28ba-2fa1-4d2b-883f-0016d3cca427'
const TABLET = '6fa459ea-ee8a-4ca4-894e-db77e160355e'
const ITEMS = [
  { id: PHONE, pricePence: 9500 },
  { id: TABLET, pricePence: 12000 },
]
const GRADES = ['excellent', 'good', 'poor']
// A well-known valid IMEI, and the same with its check digit changed.
const IMEI = '490154203237518'
const BAD_IMEI = '490154203237519'

const parse = (body: Record<string, string>) => parseAdminAction(body, ITEMS, GRADES)
const errorsOf = (body: Record<string, string>): FieldIssue<AdminProblem>[] => {
  const result = parse(body)
  return result.ok ? [] : result.errors
}

describe('simple actions', () => {
  it.each(['receive', 'cancel', 'pay'] as const)('%s takes an optional reason', (move) => {
    expect(parse({ action: move })).toEqual({ ok: true, value: { move } })
    expect(parse({ action: move, reason: '  arrived   damp ' })).toEqual({
      ok: true,
      value: { move, reason: 'arrived damp' },
    })
  })

  it('refuses a reason longer than 500 characters', () => {
    expect(errorsOf({ action: 'receive', reason: 'x'.repeat(501) })).toEqual([{ field: 'reason', code: 'tooLong' }])
  })

  it('needs a reason to quarantine', () => {
    expect(errorsOf({ action: 'quarantine' })).toEqual([{ field: 'reason', code: 'missing' }])
    expect(errorsOf({ action: 'quarantine', reason: '   ' })).toEqual([{ field: 'reason', code: 'missing' }])
    expect(parse({ action: 'quarantine', reason: 'Reported stolen' })).toEqual({
      ok: true,
      value: { move: 'quarantine', reason: 'Reported stolen' },
    })
  })

  it('needs a tracking number of 8 to 30 letters, digits and spaces to return', () => {
    expect(errorsOf({ action: 'return' })).toEqual([{ field: 'tracking', code: 'missing' }])
    expect(errorsOf({ action: 'return', tracking: 'AB12' })).toEqual([{ field: 'tracking', code: 'invalid' }])
    expect(errorsOf({ action: 'return', tracking: 'AB-123-456-GB' })).toEqual([{ field: 'tracking', code: 'invalid' }])
    expect(errorsOf({ action: 'return', tracking: 'A'.repeat(31) })).toEqual([{ field: 'tracking', code: 'invalid' }])
    expect(parse({ action: 'return', tracking: ' ab 1234  5678 gb ' })).toEqual({
      ok: true,
      value: { move: 'return', tracking: 'AB 1234 5678 GB' },
    })
  })

  it('reads the declined devices’ tracking number by the same rules as a return’s', () => {
    for (const tracking of [undefined, 'AB12', 'AB-123-456-GB', 'A'.repeat(31)]) {
      expect(parseReturnDeclined(tracking === undefined ? {} : { tracking })).toEqual({
        ok: false,
        errors: [{ field: 'tracking', code: tracking === undefined ? 'missing' : 'invalid' }],
      })
    }
    expect(parseReturnDeclined({ action: 'returnDeclined', tracking: ' ab 1234  5678 gb ' })).toEqual({
      ok: true,
      value: { tracking: 'AB 1234 5678 GB' },
    })
  })

  it('offers to post back declined devices not yet posted, in an accepted or paid order only', () => {
    const declined = { offerAnswer: 'decline', returnedAt: null }
    const kept = { offerAnswer: 'accept', returnedAt: null }
    const posted = { offerAnswer: 'decline', returnedAt: new Date() }
    expect(declinedToReturn({ status: 'accepted', items: [kept, declined, posted] })).toEqual([declined])
    expect(declinedToReturn({ status: 'paid', items: [declined] })).toEqual([declined])
    expect(declinedToReturn({ status: 'paid', items: [kept, posted] })).toBeNull()
    for (const status of ['revised', 'returning', 'returned', 'quarantined']) {
      expect(declinedToReturn({ status, items: [declined] })).toBeNull()
    }
  })

  it('refuses an unknown action, and moves that are not staff’s', () => {
    for (const action of ['', 'explode', 'accept', 'decline', 'expire', 'close']) {
      expect(errorsOf({ action })).toEqual([{ field: 'action', code: 'unknownAction' }])
    }
    // A form with no action at all, even with every other field filled in.
    expect(errorsOf({ reason: 'Arrived', tracking: 'AB123456789GB' })).toEqual([
      { field: 'action', code: 'unknownAction' },
    ])
  })
})

describe('the check', () => {
  const checked = {
    action: 'check',
    [`grade-${PHONE}`]: 'good',
    [`imei-${PHONE}`]: '49 015420 323751 8',
    [`notes-${PHONE}`]: 'Scuff on the back',
    [`grade-${TABLET}`]: 'excellent',
    [`imei-${TABLET}`]: '356938035643809',
  }

  it('records a grade and an IMEI for every device, notes optional', () => {
    expect(parse(checked)).toEqual({
      ok: true,
      value: {
        move: 'check',
        items: [
          { id: PHONE, foundGrade: 'good', imei: IMEI, notes: 'Scuff on the back' },
          { id: TABLET, foundGrade: 'excellent', imei: '356938035643809', notes: '' },
        ],
      },
    })
  })

  it('refuses an IMEI whose check digit is wrong, or that is not 15 digits', () => {
    expect(errorsOf({ ...checked, [`imei-${PHONE}`]: BAD_IMEI })).toEqual([{ field: `imei-${PHONE}`, code: 'invalid' }])
    expect(errorsOf({ ...checked, [`imei-${PHONE}`]: '49015420323751' })).toEqual([
      { field: `imei-${PHONE}`, code: 'invalid' },
    ])
    expect(errorsOf({ ...checked, [`imei-${PHONE}`]: '49015420323751X' })).toEqual([
      { field: `imei-${PHONE}`, code: 'invalid' },
    ])
  })

  it('needs every device checked, with a grade that exists', () => {
    const phoneOnly = Object.fromEntries(Object.entries(checked).filter(([name]) => !name.endsWith(TABLET)))
    expect(errorsOf(phoneOnly)).toEqual([
      { field: `grade-${TABLET}`, code: 'missing' },
      { field: `imei-${TABLET}`, code: 'missing' },
    ])
    expect(errorsOf({ ...checked, [`grade-${PHONE}`]: 'mint' })).toEqual([{ field: `grade-${PHONE}`, code: 'invalid' }])
  })

  it('refuses notes longer than 500 characters', () => {
    expect(errorsOf({ ...checked, [`notes-${TABLET}`]: 'n'.repeat(501) })).toEqual([
      { field: `notes-${TABLET}`, code: 'tooLong' },
    ])
  })

  it('refuses a field for a device that is not in the order', () => {
    const stranger = '00000000-0000-4000-8000-000000000000'
    expect(errorsOf({ ...checked, [`imei-${stranger}`]: IMEI })).toEqual([{ field: 'items', code: 'unknownItem' }])
  })
})

describe('a revised offer', () => {
  it('revises the devices given a price, each with its reason, in pence', () => {
    expect(parse({ action: 'revise', [`price-${PHONE}`]: '72.5', [`reason-${PHONE}`]: 'Cracked screen' })).toEqual({
      ok: true,
      value: { move: 'revise', items: [{ id: PHONE, newPricePence: 7250, reason: 'Cracked screen' }] },
    })
    expect(
      parse({
        action: 'revise',
        [`price-${PHONE}`]: '£0',
        [`reason-${PHONE}`]: 'Does not turn on',
        [`price-${TABLET}`]: '120.00',
        [`reason-${TABLET}`]: 'Kept at the original price',
      }),
    ).toEqual({
      ok: true,
      value: {
        move: 'revise',
        items: [
          { id: PHONE, newPricePence: 0, reason: 'Does not turn on' },
          { id: TABLET, newPricePence: 12000, reason: 'Kept at the original price' },
        ],
      },
    })
  })

  it('takes a price above what the seller was offered: a better device is paid more', () => {
    expect(parse({ action: 'revise', [`price-${PHONE}`]: '95.01', [`reason-${PHONE}`]: 'Better than new' })).toEqual({
      ok: true,
      value: { move: 'revise', items: [{ id: PHONE, newPricePence: 9501, reason: 'Better than new' }] },
    })
  })

  it('refuses a price above the most any device is worth, a slip of the keyboard', () => {
    expect(parse({ action: 'revise', [`price-${PHONE}`]: '5000', [`reason-${PHONE}`]: 'Mint' })).toMatchObject({
      ok: true,
    })
    expect(errorsOf({ action: 'revise', [`price-${PHONE}`]: '5000.01', [`reason-${PHONE}`]: 'Mint' })).toEqual([
      { field: `price-${PHONE}`, code: 'overMaximum' },
    ])
    expect(errorsOf({ action: 'revise', [`price-${PHONE}`]: '9500', [`reason-${PHONE}`]: 'Typed 9500' })).toEqual([
      { field: `price-${PHONE}`, code: 'overMaximum' },
    ])
  })

  it('needs a reason for each price given, and a price for each reason', () => {
    expect(errorsOf({ action: 'revise', [`price-${PHONE}`]: '50' })).toEqual([
      { field: `reason-${PHONE}`, code: 'missing' },
    ])
    expect(errorsOf({ action: 'revise', [`reason-${TABLET}`]: 'Dented' })).toEqual([
      { field: `price-${TABLET}`, code: 'missing' },
      { field: `price-${PHONE}`, code: 'noneRevised' },
    ])
  })

  it('needs at least one device revised', () => {
    expect(errorsOf({ action: 'revise' })).toEqual([{ field: `price-${PHONE}`, code: 'noneRevised' }])
  })

  it('refuses a price that is not an amount in pounds', () => {
    for (const price of ['-5', 'ten', '9.999', '1e3', '95.']) {
      expect(errorsOf({ action: 'revise', [`price-${PHONE}`]: price, [`reason-${PHONE}`]: 'Cracked' })).toEqual([
        { field: `price-${PHONE}`, code: 'invalid' },
      ])
    }
  })

  it('refuses a price for a device that is not in the order', () => {
    expect(
      errorsOf({
        action: 'revise',
        [`price-${PHONE}`]: '50',
        [`reason-${PHONE}`]: 'Cracked',
        'price-not-an-item': '1',
      }),
    ).toEqual([{ field: 'items', code: 'unknownItem' }])
  })

  it('reads a browser’s form body as well as an object', () => {
    const body = new URLSearchParams({ action: 'revise', [`price-${TABLET}`]: '100', [`reason-${TABLET}`]: 'Worn' })
    expect(parseAdminAction(body, ITEMS, GRADES)).toEqual({
      ok: true,
      value: { move: 'revise', items: [{ id: TABLET, newPricePence: 10000, reason: 'Worn' }] },
    })
  })
})

describe('helpers', () => {
  it('checks IMEIs with the Luhn rule', () => {
    expect(isImei(IMEI)).toBe(true)
    expect(isImei(BAD_IMEI)).toBe(false)
    expect(isImei('000000000000000')).toBe(true)
    expect(isImei('4901542032375181')).toBe(false)
  })

  it('turns pounds into pence', () => {
    expect(poundsToPence('95')).toBe(9500)
    expect(poundsToPence('95.5')).toBe(9550)
    expect(poundsToPence('95.05')).toBe(9505)
    expect(poundsToPence('£1,200')).toBe(120000)
    expect(poundsToPence('')).toBeNull()
  })

  it('offers staff only their own moves: paying is for managers', () => {
    expect(adminMovesFor('placed', 'staff')).toEqual(['receive', 'cancel'])
    expect(adminMovesFor('checked', 'staff')).toEqual(['revise', 'quarantine'])
    expect(adminMovesFor('checked', 'manager')).toEqual(['revise', 'pay', 'quarantine'])
    expect(adminMovesFor('revised', 'manager')).toEqual([])
    expect(adminMovesFor('returning', 'staff')).toEqual(['return'])
  })

  it('reads the search box as a reference, an e-mail address, a postcode, an IMEI or serial, or a name', () => {
    expect(parseOrderSearch('hb 7k4m q2xp')).toEqual({ reference: 'HB-7K4M-Q2XP' })
    expect(parseOrderSearch(' Ada@Example.com ')).toEqual({ email: 'ada@example.com' })
    expect(parseOrderSearch('sw1a2aa')).toEqual({ postcode: 'SW1A 2AA' })
    expect(parseOrderSearch('35 693803 564380 9')).toEqual({ deviceId: '356938035643809' })
    expect(parseOrderSearch('f2lxk0abcd12')).toEqual({ deviceId: 'F2LXK0ABCD12' })
    expect(parseOrderSearch('Ada  Love')).toEqual({ namePrefix: 'ada love' })
    expect(parseOrderSearch('flat 12')).toEqual({})
    expect(parseOrderSearch('!!')).toEqual({})
    expect(parseOrderSearch('  ')).toBeNull()
    expect(parseOrderSearch(undefined)).toBeNull()
  })

  it('filters by known statuses only', () => {
    expect(parseStatusFilter('checked')).toBe('checked')
    expect(parseStatusFilter('shipped')).toBeNull()
    expect(parseStatusFilter('')).toBeNull()
  })
})

describe('a revised price from the published prices', () => {
  // The phone's grade found is published at £80.00 for its model and storage; the tablet's is not priced.
  const PRICED = [
    { id: PHONE, pricePence: 9500, publishedPence: 8000 },
    { id: TABLET, pricePence: 12000, publishedPence: null },
  ]
  const revise = (fields: Record<string, string>) =>
    parseAdminAction({ action: 'revise', [`price-${TABLET}`]: '', [`reason-${TABLET}`]: '', ...fields }, PRICED, GRADES)

  it('takes the published price ticked with no reason, at the price computed on the server', () => {
    expect(revise({ [`published-${PHONE}`]: 'yes', [`price-${PHONE}`]: '', [`reason-${PHONE}`]: '' })).toEqual({
      ok: true,
      value: { move: 'revise', items: [{ id: PHONE, newPricePence: 8000, reason: '', published: true }] },
    })
    // The same price typed is the published one: no reason needed either.
    expect(revise({ [`price-${PHONE}`]: '80.00', [`reason-${PHONE}`]: '' })).toEqual({
      ok: true,
      value: { move: 'revise', items: [{ id: PHONE, newPricePence: 8000, reason: '', published: true }] },
    })
  })

  it('asks a reason for any other price typed, and refuses a tick that has no published price or another price beside it', () => {
    expect(revise({ [`price-${PHONE}`]: '5000', [`reason-${PHONE}`]: '' }).ok).toBe(false)
    expect(
      (revise({ [`price-${PHONE}`]: '5000', [`reason-${PHONE}`]: '' }) as { errors: FieldIssue<AdminProblem>[] })
        .errors,
    ).toEqual([{ field: `reason-${PHONE}`, code: 'missing' }])
    expect(
      (
        revise({ [`published-${PHONE}`]: 'yes', [`price-${PHONE}`]: '5000', [`reason-${PHONE}`]: '' }) as {
          errors: FieldIssue<AdminProblem>[]
        }
      ).errors,
    ).toEqual([{ field: `price-${PHONE}`, code: 'invalid' }])
    expect(
      (
        revise({ [`price-${PHONE}`]: '', [`reason-${PHONE}`]: '', [`published-${TABLET}`]: 'yes' }) as {
          errors: FieldIssue<AdminProblem>[]
        }
      ).errors,
    ).toEqual([{ field: `published-${TABLET}`, code: 'invalid' }])
  })
})
