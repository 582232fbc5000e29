import { normaliseReference } from '@/lib/reference-format'
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, NOT_A_NAME } from '@/accounts/validation'

/**
 * The rules of the checkout and tracker forms, run in the browser for instant messages and again
 * on the server, which trusts nothing. Each problem is a code naming its words in the Orders
 * document. Values come back normalised: the postcode as "SW1A 1AA", the mobile as "07700 900123".
 */
export const ADDRESS_MAX = 100
export const DECLARATIONS = ['declareAge', 'declareOwner', 'declareWiped', 'declareTerms'] as const
export type Declaration = (typeof DECLARATIONS)[number]

export const CHECKOUT_PROBLEMS = [
  'nameMissing',
  'nameTooLong',
  'nameInvalid',
  'emailMissing',
  'emailInvalid',
  'emailTooLong',
  'phoneMissing',
  'phoneInvalid',
  'addressLine1Missing',
  'addressTooLong',
  'addressInvalid',
  'townMissing',
  'postcodeMissing',
  'postcodeInvalid',
  'accountHolderMissing',
  'sortCodeMissing',
  'sortCodeInvalid',
  'accountNumberMissing',
  'accountNumberInvalid',
  ...DECLARATIONS.map((name) => `${name}Missing` as const),
  'referenceMissing',
  'referenceInvalid',
  'lookupMissing',
] as const
export type CheckoutProblem = (typeof CHECKOUT_PROBLEMS)[number]
export type CheckoutFieldError = { field: string; code: CheckoutProblem }
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: CheckoutFieldError[] }

export type CheckoutInput = {
  name: string
  email: string
  phone: string
  addressLine1: string
  addressLine2: string
  town: string
  postcode: string
  accountHolder: string
  sortCode: string
  accountNumber: string
  declarations: Declaration[]
  marketing: boolean
}

/** The checkout's fields in the order the form shows them: the summary lists problems in it. */
export const CHECKOUT_FIELDS = [
  'name',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'accountHolder',
  'sortCode',
  'accountNumber',
  ...DECLARATIONS,
  'marketing',
] as const

type Body = Record<string, unknown>
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const ticked = (value: unknown) => value === true || value === 'on' || value === 'true'
const oneLine = (value: unknown) => text(value).trim().replace(/\s+/g, ' ')

// Outward and inward codes (the Royal Mail format), and the one odd postcode the format misses.
const POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][ABD-HJLNP-UW-Z]{2})$/
const MOBILE = /^07[1-57-9][0-9]{8}$/

export function normalisePostcode(value: string): string | null {
  const compact = value.toUpperCase().replace(/\s+/g, '')
  if (compact === 'GIR0AA') return 'GIR 0AA'
  const match = POSTCODE.exec(compact)
  return match ? `${match[1]} ${match[2]}` : null
}

/** A UK mobile, typed with +44, spaces, dashes or brackets, as "07700 900123"; or null. */
export function normaliseMobile(value: string): string | null {
  // "+44 (0)7700 900123": the bracketed 0 is dropped after a country code.
  let digits = value.replace(/^\s*(\+|00)?44\s*\(0\)/, '+44').replace(/[\s\-().]/g, '')
  if (digits.startsWith('+44')) digits = `0${digits.slice(3)}`
  else if (digits.startsWith('0044')) digits = `0${digits.slice(4)}`
  else if (digits.startsWith('44') && digits.length === 12) digits = `0${digits.slice(2)}`
  return MOBILE.test(digits) ? `${digits.slice(0, 5)} ${digits.slice(5)}` : null
}

export function validateCheckout(body: Body): Validation<CheckoutInput> {
  const errors: CheckoutFieldError[] = []
  const fail = (field: string, code: CheckoutProblem) => errors.push({ field, code })

  const name = oneLine(body.name)
  if (!name) fail('name', 'nameMissing')
  else if (name.length > NAME_MAX) fail('name', 'nameTooLong')
  else if (NOT_A_NAME.test(name)) fail('name', 'nameInvalid')

  const email = text(body.email).trim().toLowerCase()
  if (!email) fail('email', 'emailMissing')
  else if (email.length > EMAIL_MAX) fail('email', 'emailTooLong')
  else if (!EMAIL_PATTERN.test(email) || email.includes('..')) fail('email', 'emailInvalid')

  const phoneTyped = oneLine(body.phone)
  const phone = normaliseMobile(phoneTyped)
  if (!phoneTyped) fail('phone', 'phoneMissing')
  else if (!phone) fail('phone', 'phoneInvalid')

  const address = (field: 'addressLine1' | 'addressLine2' | 'town', missing?: CheckoutProblem) => {
    const value = oneLine(body[field])
    if (!value) {
      if (missing) fail(field, missing)
    } else if (value.length > ADDRESS_MAX) fail(field, 'addressTooLong')
    else if (NOT_A_NAME.test(value)) fail(field, 'addressInvalid')
    return value
  }
  const addressLine1 = address('addressLine1', 'addressLine1Missing')
  const addressLine2 = address('addressLine2')
  const town = address('town', 'townMissing')

  const postcodeTyped = oneLine(body.postcode)
  const postcode = normalisePostcode(postcodeTyped)
  if (!postcodeTyped) fail('postcode', 'postcodeMissing')
  else if (!postcode) fail('postcode', 'postcodeInvalid')

  const accountHolder = oneLine(body.accountHolder)
  if (!accountHolder) fail('accountHolder', 'accountHolderMissing')
  else if (accountHolder.length > NAME_MAX) fail('accountHolder', 'nameTooLong')
  else if (NOT_A_NAME.test(accountHolder)) fail('accountHolder', 'nameInvalid')

  const sortCodeTyped = text(body.sortCode).trim()
  const sortCode = sortCodeTyped.replace(/[\s-]/g, '')
  if (!sortCodeTyped) fail('sortCode', 'sortCodeMissing')
  else if (!/^[0-9]{6}$/.test(sortCode)) fail('sortCode', 'sortCodeInvalid')

  const accountNumberTyped = text(body.accountNumber).trim()
  const accountNumber = accountNumberTyped.replace(/[\s-]/g, '')
  if (!accountNumberTyped) fail('accountNumber', 'accountNumberMissing')
  else if (!/^[0-9]{8}$/.test(accountNumber)) fail('accountNumber', 'accountNumberInvalid')

  const declarations = DECLARATIONS.filter((declaration) => ticked(body[declaration]))
  for (const declaration of DECLARATIONS) {
    if (!declarations.includes(declaration)) fail(declaration, `${declaration}Missing`)
  }

  if (errors.length) return { ok: false, errors }
  return {
    ok: true,
    value: {
      name,
      email,
      phone: phone!,
      addressLine1,
      addressLine2,
      town,
      postcode: postcode!,
      accountHolder,
      sortCode: `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4)}`,
      accountNumber,
      declarations,
      marketing: ticked(body.marketing),
    },
  }
}

export type TrackerInput = { reference: string; lookup: { email: string } | { postcode: string } }

/** The tracker's two fields: the reference, and the order's e-mail address or its postcode. */
export function validateTracker(body: Body): Validation<TrackerInput> {
  const errors: CheckoutFieldError[] = []
  const typed = oneLine(body.reference)
  const reference = normaliseReference(typed)
  if (!typed) errors.push({ field: 'reference', code: 'referenceMissing' })
  else if (!reference) errors.push({ field: 'reference', code: 'referenceInvalid' })
  const lookupTyped = oneLine(body.lookup)
  if (!lookupTyped) errors.push({ field: 'lookup', code: 'lookupMissing' })
  if (errors.length) return { ok: false, errors }
  const postcode = normalisePostcode(lookupTyped)
  return {
    ok: true,
    value: {
      reference: reference!,
      lookup: lookupTyped.includes('@') || !postcode ? { email: lookupTyped.toLowerCase() } : { postcode },
    },
  }
}
