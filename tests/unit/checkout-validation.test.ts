import {
  ADDRESS_MAX,
  CHECKOUT_FIELDS,
  CHECKOUT_PROBLEMS,
  DECLARATIONS,
  validateCheckout,
  type CheckoutProblem,
} from '@/orders/checkout/checkout-validation'
import { validateTracker } from '@/orders/checkout/tracker-validation'
import type { FieldIssue } from '@/lib/field-problem'
import { normaliseMobile, normalisePostcode } from '@/lib/uk-formats'

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  addressLine1: '10 Downing Street',
  addressLine2: '',
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

function errorsFor(body: Record<string, unknown>): FieldIssue<CheckoutProblem>[] {
  const result = validateCheckout(body)
  return result.ok ? [] : result.errors
}

function valueOf(body: Record<string, unknown>) {
  const result = validateCheckout(body)
  if (!result.ok) throw new Error(`expected a valid checkout, got ${JSON.stringify(result.errors)}`)
  return result.value
}

describe('validateCheckout', () => {
  it('accepts a complete form and returns the values normalised', () => {
    expect(
      valueOf({
        ...valid,
        name: '  Ada   Lovelace ',
        email: ' Ada@Example.COM ',
        phone: '+44 7700 900123',
        postcode: 'sw1a2aa',
        sortCode: '309430',
        accountNumber: '1234 5678',
      }),
    ).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '07700 900123',
      addressLine1: '10 Downing Street',
      addressLine2: '',
      town: 'London',
      postcode: 'SW1A 2AA',
      accountHolder: 'A Lovelace',
      sortCode: '30-94-30',
      accountNumber: '12345678',
      declarations: ['declareAge', 'declareOwner', 'declareWiped', 'declareTerms'],
      marketing: false,
      postagePack: false,
    })
  })

  it('takes an account holder with accents as typed: the bank file folds them (Zoë as ZOE)', () => {
    for (const accountHolder of ['Zoë Brontë-O’Hara', 'Łukasz Żółć', 'Søren Kierkegaard']) {
      expect(valueOf({ ...valid, accountHolder })).toMatchObject({ accountHolder })
    }
  })

  it('takes a postage pack when its box is ticked, and none when it is not', () => {
    expect(valueOf({ ...valid, postagePack: 'true' })).toMatchObject({ postagePack: true })
    expect(valueOf({ ...valid })).toMatchObject({ postagePack: false })
  })

  it.each<[string, Record<string, unknown>, FieldIssue<CheckoutProblem>]>([
    ['no name', { name: '   ' }, { field: 'name', code: 'nameMissing' }],
    ['a name too long', { name: 'A'.repeat(101) }, { field: 'name', code: 'nameTooLong' }],
    ['markup for a name', { name: '<script>alert(1)</script>' }, { field: 'name', code: 'nameInvalid' }],
    ['an HTML entity for a name', { name: 'Ada &amp; Co' }, { field: 'name', code: 'nameInvalid' }],
    ['no e-mail', { email: '' }, { field: 'email', code: 'emailMissing' }],
    ['an e-mail without a domain', { email: 'ada@' }, { field: 'email', code: 'emailInvalid' }],
    ['an e-mail with two dots', { email: 'ada..l@example.com' }, { field: 'email', code: 'emailInvalid' }],
    ['an e-mail too long', { email: `${'a'.repeat(250)}@example.com` }, { field: 'email', code: 'emailTooLong' }],
    ['no phone', { phone: '' }, { field: 'phone', code: 'phoneMissing' }],
    ['a London landline', { phone: '020 7946 0018' }, { field: 'phone', code: 'phoneInvalid' }],
    ['a mobile one digit short', { phone: '07700 90012' }, { field: 'phone', code: 'phoneInvalid' }],
    ['a foreign mobile', { phone: '+33 6 12 34 56 78' }, { field: 'phone', code: 'phoneInvalid' }],
    ['no first address line', { addressLine1: ' ' }, { field: 'addressLine1', code: 'addressLine1Missing' }],
    ['markup in the address', { addressLine1: '<b>10</b> Street' }, { field: 'addressLine1', code: 'addressInvalid' }],
    ['markup in line 2', { addressLine2: '{{flat}}' }, { field: 'addressLine2', code: 'addressInvalid' }],
    [
      'an address line too long',
      { addressLine2: 'x'.repeat(ADDRESS_MAX + 1) },
      { field: 'addressLine2', code: 'addressTooLong' },
    ],
    ['no town', { town: '' }, { field: 'town', code: 'townMissing' }],
    ['markup for a town', { town: '<script>' }, { field: 'town', code: 'addressInvalid' }],
    ['no postcode', { postcode: '' }, { field: 'postcode', code: 'postcodeMissing' }],
    ['a US zip code', { postcode: '12345' }, { field: 'postcode', code: 'postcodeInvalid' }],
    ['letters only', { postcode: 'ABC' }, { field: 'postcode', code: 'postcodeInvalid' }],
    ['an inward code with a C', { postcode: 'SW1A 1CA' }, { field: 'postcode', code: 'postcodeInvalid' }],
    ['no account holder', { accountHolder: '' }, { field: 'accountHolder', code: 'accountHolderMissing' }],
    ['markup for the account holder', { accountHolder: '<i>A</i>' }, { field: 'accountHolder', code: 'nameInvalid' }],
    ['an account holder too long', { accountHolder: 'A'.repeat(101) }, { field: 'accountHolder', code: 'nameTooLong' }],
    [
      'an account holder in another script, which the bank file cannot carry',
      { accountHolder: 'Дмитрий Иванов' },
      { field: 'accountHolder', code: 'accountHolderNotLatin' },
    ],
    [
      'an account holder partly in another script',
      { accountHolder: 'Li 李' },
      { field: 'accountHolder', code: 'accountHolderNotLatin' },
    ],
    ['no sort code', { sortCode: '' }, { field: 'sortCode', code: 'sortCodeMissing' }],
    ['a sort code of five digits', { sortCode: '30-94-3' }, { field: 'sortCode', code: 'sortCodeInvalid' }],
    ['a sort code with letters', { sortCode: '30-94-3A' }, { field: 'sortCode', code: 'sortCodeInvalid' }],
    ['no account number', { accountNumber: '' }, { field: 'accountNumber', code: 'accountNumberMissing' }],
    ['seven digits', { accountNumber: '1234567' }, { field: 'accountNumber', code: 'accountNumberInvalid' }],
    ['nine digits', { accountNumber: '123456789' }, { field: 'accountNumber', code: 'accountNumberInvalid' }],
    ['letters', { accountNumber: '1234567O' }, { field: 'accountNumber', code: 'accountNumberInvalid' }],
  ])('refuses %s, naming the field and the problem', (_label, change, error) => {
    expect(errorsFor({ ...valid, ...change })).toEqual([error])
  })

  it.each(DECLARATIONS)('refuses a form without %s ticked', (declaration) => {
    expect(errorsFor({ ...valid, [declaration]: undefined })).toEqual([
      { field: declaration, code: `${declaration}Missing` },
    ])
    expect(errorsFor({ ...valid, [declaration]: 'off' })).toEqual([
      { field: declaration, code: `${declaration}Missing` },
    ])
  })

  it('takes a declaration ticked as a checkbox, a JSON true or the text "true"', () => {
    const body = { ...valid, declareAge: true, declareOwner: 'true', declareWiped: 'on', declareTerms: 'on' }
    expect(valueOf(body).declarations).toEqual([...DECLARATIONS])
  })

  it('lists every problem of an empty form, in the order the form shows its fields, with codes it knows', () => {
    const errors = errorsFor({})
    expect(errors.map((error) => error.field)).toEqual(
      CHECKOUT_FIELDS.map(({ name }) => name).filter(
        (name) => !['addressLine2', 'postagePack', 'marketing'].includes(name),
      ),
    )
    for (const { code } of errors) expect(CHECKOUT_PROBLEMS).toContain(code)
  })

  it('ignores values that are not text', () => {
    expect(errorsFor({ ...valid, name: ['Ada'], email: { to: 'x' } })).toEqual([
      { field: 'name', code: 'nameMissing' },
      { field: 'email', code: 'emailMissing' },
    ])
  })

  it('makes marketing optional and off unless ticked', () => {
    expect(valueOf(valid).marketing).toBe(false)
    expect(valueOf({ ...valid, marketing: 'off' }).marketing).toBe(false)
    expect(valueOf({ ...valid, marketing: 'on' }).marketing).toBe(true)
    expect(valueOf({ ...valid, marketing: true }).marketing).toBe(true)
  })

  it('keeps an optional second address line', () => {
    expect(valueOf({ ...valid, addressLine2: ' Flat  2 ' }).addressLine2).toBe('Flat 2')
  })
})

describe('normaliseMobile', () => {
  it.each([
    ['07700 900123', '07700 900123'],
    ['07700900123', '07700 900123'],
    ['+44 7700 900123', '07700 900123'],
    ['+447700900123', '07700 900123'],
    ['447700900123', '07700 900123'],
    ['0044 7700 900123', '07700 900123'],
    ['(07700) 900-123', '07700 900123'],
    ['07123 456789', '07123 456789'],
  ])('reads %j as %s', (typed, mobile) => {
    expect(normaliseMobile(typed)).toBe(mobile)
  })

  it.each([
    ['a London landline', '020 7946 0018'],
    ['a landline with +44', '+44 20 7946 0018'],
    ['a pager (076)', '07623 123456'],
    ['a number too long', '07700 9001234'],
    ['an 0800 number', '0800 123 4567'],
    ['letters', '07700 9OO123'],
  ])('refuses %s', (_label, typed) => {
    expect(normaliseMobile(typed)).toBeNull()
  })
})

describe('normalisePostcode', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    ['SW1A 1AA', 'SW1A 1AA'],
    [' ec1a  1bb ', 'EC1A 1BB'],
    ['M1 1AE', 'M1 1AE'],
    ['b338th', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['gir 0aa', 'GIR 0AA'],
  ])('reads %j as %s', (typed, postcode) => {
    expect(normalisePostcode(typed)).toBe(postcode)
  })

  it.each(['12345', 'ABC', 'SW1A', '1AA', 'SW1A 1AAA', 'SW1A-1AA!', ''])('refuses %j', (typed) => {
    expect(normalisePostcode(typed)).toBeNull()
  })
})

describe('validateTracker', () => {
  it.each([
    ['HB-7K4M-Q2XP', 'HB-7K4M-Q2XP'],
    [' hb 7k4m q2xp ', 'HB-7K4M-Q2XP'],
    ['7k4mq2xp', 'HB-7K4M-Q2XP'],
    ['HB23ABCD', 'HB-HB23-ABCD'],
  ])('reads the reference %j as %s', (reference, normalised) => {
    const result = validateTracker({ reference, lookup: 'ada@example.com' })
    expect(result).toEqual({ ok: true, value: { reference: normalised, lookup: { email: 'ada@example.com' } } })
  })

  it('looks up by e-mail address, lower-cased, or by postcode, normalised', () => {
    expect(validateTracker({ reference: 'HB-7K4M-Q2XP', lookup: ' Ada@Example.com ' })).toEqual({
      ok: true,
      value: { reference: 'HB-7K4M-Q2XP', lookup: { email: 'ada@example.com' } },
    })
    expect(validateTracker({ reference: 'HB-7K4M-Q2XP', lookup: 'sw1a1aa' })).toEqual({
      ok: true,
      value: { reference: 'HB-7K4M-Q2XP', lookup: { postcode: 'SW1A 1AA' } },
    })
  })

  it.each(['HB-7K4M-Q2XO', 'HB-7K4M-Q2X0', 'HB-7K41-Q2XP', 'HB-7K4I-Q2XP', 'HB-7K4M', 'SC-7K4M-Q2XP', '<script>'])(
    'refuses the reference %j',
    (reference) => {
      expect(validateTracker({ reference, lookup: 'ada@example.com' })).toEqual({
        ok: false,
        errors: [{ field: 'reference', code: 'referenceInvalid' }],
      })
    },
  )

  it('names each missing field', () => {
    expect(validateTracker({})).toEqual({
      ok: false,
      errors: [
        { field: 'reference', code: 'referenceMissing' },
        { field: 'lookup', code: 'lookupMissing' },
      ],
    })
    expect(validateTracker({ reference: 'HB-7K4M-Q2XP', lookup: '  ' })).toEqual({
      ok: false,
      errors: [{ field: 'lookup', code: 'lookupMissing' }],
    })
  })
})
