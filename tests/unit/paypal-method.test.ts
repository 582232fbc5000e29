import { validateCheckout } from '@/orders/checkout/checkout-validation'
import { validatePayoutChange } from '@/orders/payout-change/payout-change-validation'
import { PAYMENT_RUN_METHODS, payoutAccount, payoutMethodNamed, payoutMethodOf } from '@/payouts/methods'
import { bankPayment, payeeNameless } from '@/payouts/bank/bank-transfer'
import { maskPaypalEmail, paypal } from '@/payouts/paypal/paypal'
import { payoutMatch } from '@/payouts/payout-match'
import type { OrderCopy } from '@/content/types'
import { seedWithFacts } from '../support/seed-facts'

/**
 * PayPal as a payout method: the address's rules at checkout and in the change, what is kept and
 * shown of it, and that a payment run's bank file can never carry it.
 */
const checkout = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  addressLine1: '10 Downing Street',
  town: 'London',
  postcode: 'SW1A 2AA',
  declareAge: 'on',
  declareOwner: 'on',
  declareWiped: 'on',
  declareTerms: 'on',
}
const problems = (result: { ok: boolean; errors?: { field: string; code: string }[] }) =>
  result.ok ? [] : result.errors!.map(({ field, code }) => `${field}:${code}`)

describe('PayPal at checkout', () => {
  it('takes the address alone when PayPal is chosen, normalised as it is paid', () => {
    const result = validateCheckout({ ...checkout, payoutMethod: 'paypal', paypalEmail: '  Ada.L@Example.COM ' })
    expect(result).toMatchObject({ ok: true, value: { paypalEmail: 'ada.l@example.com' } })
    // Nothing of a bank account is kept with it.
    expect(result.ok && Object.keys(result.value)).not.toEqual(expect.arrayContaining(['sortCode']))
  })

  it("checks only the chosen method's fields: bank numbers sent beside PayPal are dropped, not kept", () => {
    const both = {
      ...checkout,
      payoutMethod: 'paypal',
      paypalEmail: 'ada@example.com',
      sortCode: 'x',
      accountNumber: '1',
    }
    const result = validateCheckout(both)
    expect(result.ok).toBe(true)
    expect(result.ok && 'sortCode' in result.value).toBe(false)
    // And the other way round: a bank transfer ignores a PayPal address.
    expect(problems(validateCheckout({ ...checkout, payoutMethod: 'bank', paypalEmail: 'ada@example.com' }))).toEqual([
      'accountHolder:accountHolderMissing',
      'sortCode:sortCodeMissing',
      'accountNumber:accountNumberMissing',
    ])
  })

  it.each([
    ['', 'paypalEmail:paypalEmailMissing'],
    ['   ', 'paypalEmail:paypalEmailMissing'],
    ['ada@example', 'paypalEmail:paypalEmailInvalid'],
    ['ada@@example.com', 'paypalEmail:paypalEmailInvalid'],
    ['<script>@example.com', 'paypalEmail:paypalEmailInvalid'],
    ['ada@example.com\r\nBcc: x@example.com', 'paypalEmail:paypalEmailInvalid'],
    [`${'a'.repeat(250)}@example.com`, 'paypalEmail:paypalEmailTooLong'],
  ])('refuses %j with its own words', (typed, problem) => {
    expect(problems(validateCheckout({ ...checkout, payoutMethod: 'paypal', paypalEmail: typed }))).toEqual([problem])
  })

  it('takes an unknown method as the default (bank transfer), never as no method', () => {
    expect(payoutMethodNamed('bitcoin')).toBe(payoutMethodOf('bank'))
    expect(
      problems(validateCheckout({ ...checkout, payoutMethod: 'bitcoin', paypalEmail: 'ada@example.com' })),
    ).toContain('sortCode:sortCodeMissing')
  })
})

describe('PayPal in the change of payment details', () => {
  it('takes the same code and the address', () => {
    expect(validatePayoutChange({ code: '042917', payoutMethod: 'paypal', paypalEmail: 'Sam@Example.com' })).toEqual({
      ok: true,
      value: { code: '042917', details: { paypalEmail: 'sam@example.com' } },
    })
    expect(problems(validatePayoutChange({ code: '', payoutMethod: 'paypal', paypalEmail: '' }))).toEqual([
      'code:codeMissing',
      'paypalEmail:paypalEmailMissing',
    ])
  })
})

describe('what is kept and shown of a PayPal address', () => {
  it('masks it where the last four digits of an account would be', () => {
    expect(maskPaypalEmail('sam.seller@example.co.uk')).toBe('s•••@e•••.uk')
    expect(paypal.last4({ paypalEmail: 'Sam@Example.com' })).toBe('s•••@e•••.com')
    expect(paypal.last4({ paypalEmail: 'sam@example.com' })).not.toContain('example')
  })

  it('names it in the content’s words for PayPal, and a bank account in the bank’s', () => {
    const orderCopy = seedWithFacts('orderCopy') as OrderCopy
    expect(payoutAccount(orderCopy.checkout, 'paypal', 's•••@e•••.com')).toBe('the PayPal account s•••@e•••.com')
    expect(payoutAccount(orderCopy.checkout, 'bank', '5678')).toBe('the account ending 5678')
  })

  it('matches one account however it was typed, and never a bank account', () => {
    const keys = { current: { id: 'k1', bytes: Buffer.alloc(32, 7) }, old: [] }
    const one = payoutMatch({ paypalEmail: 'sam@example.com' }, keys, payoutMethodOf('paypal'))
    expect(payoutMatch(paypal.details({ paypalEmail: ' SAM@example.COM ' }), keys, payoutMethodOf('paypal'))).toBe(one)
    expect(payoutMatch({ paypalEmail: 'sam2@example.com' }, keys, payoutMethodOf('paypal'))).not.toBe(one)
  })

  it('shows staff the whole address, and is paid by the PayPal payer, never by a payment run', () => {
    expect(paypal.shown({ paypalEmail: 'sam@example.com' })).toEqual([
      { field: 'paypalEmail', value: 'sam@example.com', code: true },
    ])
    expect(paypal.paidBy).toEqual({ payer: 'paypal', paymentRun: false })
    expect(PAYMENT_RUN_METHODS).toEqual(['bank'])
    // Were a PayPal order ever in a run, the bank file is refused before it is made.
    expect(() => bankPayment({ paypalEmail: 'sam@example.com' }, 'HB-1', 100)).toThrow(/bank transfers only/)
    expect(() => payeeNameless({ paypalEmail: 'sam@example.com' })).toThrow(/bank transfers only/)
  })
})
