import { validateCheckout } from '@/orders/checkout/checkout-validation'
import { PAYOUT_BANK_FIELDS, validatePayoutChange } from '@/orders/payout-change/payout-change-validation'
import { newPayoutCode } from '@/orders/payout-change/payout-change'

const valid = { code: '042917', accountHolder: 'A King', sortCode: '20-00-00', accountNumber: '8765 4321' }
const checkout = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  addressLine1: '10 Downing Street',
  town: 'London',
  postcode: 'SW1A 2AA',
  accountHolder: 'A Lovelace',
  sortCode: '30-94-30',
  accountNumber: '12345678',
  declareAge: 'on',
  declareOwner: 'on',
  declareWiped: 'on',
  declareTerms: 'on',
}

const codes = (body: Record<string, unknown>) => {
  const result = validatePayoutChange(body)
  return result.ok ? [] : result.errors.map(({ field, code }) => `${field}:${code}`)
}

describe('the form that changes bank details', () => {
  it('takes the code and the new account, normalised as checkout keeps them', () => {
    expect(validatePayoutChange({ ...valid, code: ' 042 917 ', sortCode: '200000' })).toEqual({
      ok: true,
      value: { code: '042917', details: { accountHolder: 'A King', sortCode: '20-00-00', accountNumber: '87654321' } },
    })
  })

  it.each([
    ['', 'code:codeMissing'],
    ['12345', 'code:codeInvalid'],
    ['1234567', 'code:codeInvalid'],
    ['12345a', 'code:codeInvalid'],
    ['１２３４５６', 'code:codeInvalid'],
  ])('refuses the code %j', (code, problem) => {
    expect(codes({ ...valid, code })).toEqual([problem])
  })

  it('checks the bank account by the very rules checkout uses', () => {
    const bad = [
      { accountHolder: '' },
      { accountHolder: '<script>' },
      { accountHolder: 'Дмитрий Иванов' },
      { sortCode: '' },
      { sortCode: '12345' },
      { accountNumber: '' },
      { accountNumber: '1234567' },
      { accountNumber: '1234 56789' },
    ]
    for (const change of bad) {
      const checkoutErrors = validateCheckout({ ...checkout, ...change })
      expect(checkoutErrors.ok).toBe(false)
      const expected = checkoutErrors.ok ? [] : checkoutErrors.errors.map(({ field, code }) => `${field}:${code}`)
      expect(codes({ ...valid, ...change })).toEqual(expected)
    }
  })

  it('lists every problem at once, in the order the form shows its fields', () => {
    expect(codes({})).toEqual([
      'code:codeMissing',
      'accountHolder:accountHolderMissing',
      'sortCode:sortCodeMissing',
      'accountNumber:accountNumberMissing',
    ])
  })

  it('shows the bank fields checkout shows, in its order', () => {
    expect(PAYOUT_BANK_FIELDS.map((field) => field.name)).toEqual(['accountHolder', 'sortCode', 'accountNumber'])
  })
})

describe('a code', () => {
  it('is six digits, leading zeros kept', () => {
    const drawn = Array.from({ length: 2000 }, newPayoutCode)
    for (const code of drawn) expect(code).toMatch(/^[0-9]{6}$/)
    // Drawn, not counted: two thousand draws are nearly all different.
    expect(new Set(drawn).size).toBeGreaterThan(1950)
  })
})
