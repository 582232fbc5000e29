import type { FieldIssue } from '@/lib/field-problem'
import { identityHoldsPayment } from '@/orders/identity/identity-rules'
import {
  adminMovesFor,
  isImei,
  parseAdminAction,
  parseReturnDeclined,
  type AdminProblem,
} from '@/orders/moves/admin-input'
import { poundsToPence } from '@/lib/money'
import type { ChecklistQuestion } from '@/orders/moves/checklist'
import { lockedByCheck } from '@/orders/moves/check-request'
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
  // A small checklist: every kind of effect once. Grades, best first: excellent, good, poor.
  const answer = (key: string, effect: string, more: Record<string, unknown> = {}) => ({
    key,
    label: key,
    effect,
    grade: null,
    percent: null,
    stopKind: null,
    stopWords: null,
    ...more,
  })
  const CHECKLIST = [
    {
      key: 'screen',
      question: 'Screen',
      help: null,
      answers: [
        answer('perfect', 'none'),
        answer('light', 'cap', { grade: 'good' }),
        answer('cracked', 'cap', { grade: 'poor' }),
      ],
    },
    {
      key: 'network',
      question: 'Network',
      help: null,
      answers: [answer('unlocked', 'none'), answer('locked', 'deduct', { percent: 10 })],
    },
    {
      key: 'storage',
      question: 'Storage',
      help: null,
      answers: [answer('as-ordered', 'none'), answer('different', 'priceByHand')],
    },
    {
      key: 'lock',
      question: 'Lock',
      help: null,
      answers: [
        answer('off', 'none'),
        answer('on', 'stop', { stopKind: 'activationLock', stopWords: 'Hold it' }),
        answer('unsure', 'stop', { stopKind: 'other', stopWords: 'Ask a manager' }),
      ],
    },
    {
      key: 'imei',
      question: 'IMEI',
      help: null,
      answers: [answer('matches', 'none'), answer('differs', 'stop', { stopKind: 'refuse', stopWords: 'Not ordered' })],
    },
  ] as unknown as ChecklistQuestion[]
  const PRICES = { excellent: 11_000, good: 9_000, poor: 4_000 }
  const CHECK_ITEMS = [
    { id: PHONE, pricePence: 9500, gradeKey: 'excellent', checklist: CHECKLIST, pricedByGrade: PRICES },
    { id: TABLET, pricePence: 12000, gradeKey: 'good', checklist: CHECKLIST, pricedByGrade: PRICES },
  ]
  const best = (id: string) => ({
    [`check-${id}-screen`]: 'perfect',
    [`check-${id}-network`]: 'unlocked',
    [`check-${id}-storage`]: 'as-ordered',
    [`check-${id}-lock`]: 'off',
    [`check-${id}-imei`]: 'matches',
  })
  const checked = {
    action: 'check',
    ...best(PHONE),
    [`imei-${PHONE}`]: '49 015420 323751 8',
    [`notes-${PHONE}`]: 'Scuff on the back',
    ...best(TABLET),
    [`check-${TABLET}-screen`]: 'light',
    [`imei-${TABLET}`]: '356938035643809',
  }
  const parseCheck = (body: Record<string, string>) => parseAdminAction(body, CHECK_ITEMS, GRADES)
  const checkErrors = (body: Record<string, string>) => {
    const result = parseCheck(body)
    return result.ok ? [] : result.errors
  }
  const itemsOf = (body: Record<string, string>) => {
    const result = parseCheck(body)
    if (!result.ok || result.value.move !== 'check') throw new Error(JSON.stringify(result))
    return result.value.items
  }

  it('records the answers, the grade found and an IMEI for every device, notes optional', () => {
    const [phone, tablet] = itemsOf(checked)
    expect(phone).toMatchObject({ id: PHONE, imei: IMEI, notes: 'Scuff on the back', reason: '' })
    expect(phone!.outcome).toMatchObject({ gradeKey: 'excellent', deductPercent: 0, priceByHand: false, stop: null })
    expect(phone!.outcome.answers).toHaveLength(5)
    expect(phone!.outcome.answers[0]).toEqual({
      question: 'screen',
      questionText: 'Screen',
      answer: 'perfect',
      answerText: 'perfect',
      effect: 'none',
    })
    expect(tablet).toMatchObject({ id: TABLET, imei: '356938035643809', notes: '' })
    expect(tablet!.outcome.gradeKey).toBe('good')
  })

  it('prices the grade chosen at the quote, another grade at its published price, less a share off', () => {
    // The grade chosen found: the price held.
    expect(itemsOf(checked).map((item) => item.pricePence)).toEqual([9500, 12000])
    // Cracked: the lowest grade any answer allows, at its published price.
    expect(itemsOf({ ...checked, [`check-${PHONE}-screen`]: 'cracked' })[0]).toMatchObject({ pricePence: 4_000 })
    // Network locked, in the grade chosen: the quote less 10%.
    expect(itemsOf({ ...checked, [`check-${TABLET}-network`]: 'locked' })[1]).toMatchObject({ pricePence: 10_800 })
  })

  it('needs a reason for a price other than the one found, or one the answers leave to staff', () => {
    expect(checkErrors({ ...checked, [`price-${PHONE}`]: '80' })).toEqual([
      { field: `reason-${PHONE}`, code: 'priceReasonMissing' },
    ])
    expect(itemsOf({ ...checked, [`price-${PHONE}`]: '80', [`reason-${PHONE}`]: 'Dent' })[0]).toMatchObject({
      pricePence: 8_000,
      reason: 'Dent',
    })
    // The price found typed again needs no reason.
    expect(checkErrors({ ...checked, [`price-${PHONE}`]: '95.00' })).toEqual([])
    expect(checkErrors({ ...checked, [`check-${PHONE}-storage`]: 'different' })).toEqual([
      { field: `price-${PHONE}`, code: 'missing' },
    ])
    expect(checkErrors({ ...checked, [`check-${PHONE}-storage`]: 'different', [`price-${PHONE}`]: '60' })).toEqual([
      { field: `reason-${PHONE}`, code: 'priceReasonMissing' },
    ])
  })

  it('takes a locked device with no price, to hold the order instead; stops another stop for a manager', () => {
    const locked = { ...checked, [`check-${PHONE}-lock`]: 'on' }
    expect(checkErrors(locked)).toEqual([])
    const items = itemsOf(locked)
    expect(items[0]).toMatchObject({ pricePence: null })
    expect(items[0]!.outcome.stop).toEqual({ kind: 'activationLock', words: 'Hold it', question: 'lock' })
    const devices = [
      { id: PHONE, device: 'Apple iPhone 13 128GB' },
      { id: TABLET, device: 'Apple iPad Air 64GB' },
    ]
    // The hold names the locked device, with the answer given for it; none locked, no hold.
    expect(lockedByCheck(devices, items)).toEqual({ itemIds: [PHONE], reason: 'Apple iPhone 13 128GB: on' })
    expect(lockedByCheck(devices, itemsOf(checked))).toBeNull()
    expect(checkErrors({ ...checked, [`check-${TABLET}-lock`]: 'unsure' })).toEqual([
      { field: `check-${TABLET}-lock`, code: 'checkStopped' },
    ])
  })

  it('takes a refused device with no price', () => {
    const [phone] = itemsOf({ ...checked, [`check-${PHONE}-imei`]: 'differs' })
    expect(phone).toMatchObject({ pricePence: null })
    expect(phone!.outcome.stop).toEqual({ kind: 'refuse', words: 'Not ordered', question: 'imei' })
  })

  it('needs every question answered, from the checklist: a forged answer is refused', () => {
    const unanswered = Object.fromEntries(Object.entries(checked).filter(([name]) => name !== `check-${TABLET}-screen`))
    expect(checkErrors(unanswered)).toEqual([{ field: `check-${TABLET}-screen`, code: 'missing' }])
    expect(checkErrors({ ...checked, [`check-${PHONE}-screen`]: 'mint' })).toEqual([
      { field: `check-${PHONE}-screen`, code: 'invalid' },
    ])
  })

  it('refuses an IMEI whose check digit is wrong, or that is not 15 digits', () => {
    expect(checkErrors({ ...checked, [`imei-${PHONE}`]: BAD_IMEI })).toEqual([
      { field: `imei-${PHONE}`, code: 'invalid' },
    ])
    expect(checkErrors({ ...checked, [`imei-${PHONE}`]: '49015420323751' })).toEqual([
      { field: `imei-${PHONE}`, code: 'invalid' },
    ])
  })

  it('refuses notes longer than 500 characters', () => {
    expect(checkErrors({ ...checked, [`notes-${TABLET}`]: 'n'.repeat(501) })).toEqual([
      { field: `notes-${TABLET}`, code: 'tooLong' },
    ])
  })

  it('refuses a field for a device that is not in the order', () => {
    const stranger = '00000000-0000-4000-8000-000000000000'
    expect(checkErrors({ ...checked, [`imei-${stranger}`]: IMEI })).toEqual([{ field: 'items', code: 'unknownItem' }])
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
    expect(adminMovesFor('checked', 'staff')).toEqual(['revise', 'recycle', 'quarantine'])
    expect(adminMovesFor('checked', 'manager')).toEqual(['revise', 'pay', 'recycle', 'quarantine', 'loseInCare'])
    // A free recycling order (£0) is taken for recycling, never paid; one with a price is never recycled free.
    expect(adminMovesFor('checked', 'manager', { totalPence: 0 })).toEqual(['recycle', 'quarantine'])
    expect(adminMovesFor('checked', 'manager', { totalPence: 100 })).toEqual([
      'revise',
      'pay',
      'quarantine',
      'loseInCare',
    ])
    // A device lost or damaged in our care is a manager's to pay for.
    expect(adminMovesFor('revised', 'staff')).toEqual([])
    expect(adminMovesFor('revised', 'manager')).toEqual(['loseInCare'])
    expect(adminMovesFor('returning', 'staff')).toEqual(['return'])
    expect(adminMovesFor('returning', 'manager')).toEqual(['return', 'loseInCare'])
  })

  it('does not offer paying while proof of identity waits (it would only be refused), nor hide anything else', () => {
    const waiting = { identityWaiting: identityHoldsPayment({ outcome: null }) }
    expect(adminMovesFor('checked', 'manager', waiting)).toEqual(['revise', 'recycle', 'quarantine', 'loseInCare'])
    expect(adminMovesFor('payment-failed', 'manager', waiting)).not.toContain('pay')
    expect(identityHoldsPayment({ outcome: 'refused' })).toBe(true)
    // Seen, or never asked: paying is offered as before.
    expect(identityHoldsPayment({ outcome: 'seen' })).toBe(false)
    expect(identityHoldsPayment(null)).toBe(false)
    expect(adminMovesFor('checked', 'manager', { identityWaiting: false })).toContain('pay')
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
