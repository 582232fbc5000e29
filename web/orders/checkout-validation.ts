import * as v from 'valibot'
import { normaliseMobile, normalisePostcode } from '@/lib/uk-formats'
import { NAME_MAX, NOT_A_NAME } from '@/accounts/validation'
import { EMAIL_MAX, isEmailAddress } from '@/lib/email-address'
import { mustTick, normalised, oneLine, text, ticked, validatorFor, type Validation } from '@/forms/schema'
import type { OrderCopy } from '@/content/types'
import { bacsCarries } from './bacs-text'

/**
 * The rules of the checkout form (the tracker's are in tracker-validation.ts), run in the browser for instant messages and again
 * on the server, which trusts nothing: one valibot schema per form. Each problem is a code naming
 * its words in the Orders document. Values come back normalised: the postcode as "SW1A 1AA", the mobile as "07700 900123".
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
  'accountHolderNotLatin',
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

const problem = (code: CheckoutProblem) => code

/** A person's name: the seller's, or the bank account holder's. */
const personName = (missing: CheckoutProblem) =>
  v.pipe(
    oneLine,
    v.nonEmpty(problem(missing)),
    v.maxLength(NAME_MAX, problem('nameTooLong')),
    v.check((name) => !NOT_A_NAME.test(name), problem('nameInvalid')),
  )

/** An address line: plain text, short; a missing line is a problem only when the line is needed. */
const addressLine = (missing?: CheckoutProblem) =>
  v.pipe(
    oneLine,
    v.check((line) => !missing || line.length > 0, missing ?? problem('addressLine1Missing')),
    v.check((line) => line.length <= ADDRESS_MAX, problem('addressTooLong')),
    v.check((line) => !NOT_A_NAME.test(line), problem('addressInvalid')),
  )

/** A bank number: digits, typed with spaces or dashes or not, of the given length. */
const bankDigits = (digits: number, missing: CheckoutProblem, invalid: CheckoutProblem) =>
  v.pipe(
    text,
    v.transform((typed) => typed.trim()),
    v.nonEmpty(problem(missing)),
    v.transform((typed) => typed.replace(/[\s-]/g, '')),
    v.check((value) => new RegExp(`^[0-9]{${digits}}$`).test(value), problem(invalid)),
  )

/**
 * The bank account's rules, the same wherever one is typed: at checkout, and when the seller
 * changes it later (payout-change-validation.ts).
 */
export const BANK_RULES = {
  // The payee's name in the bank file: a name it would blank out, wholly or partly, is asked for
  // as the bank has it, in Latin letters. Accents are fine: the file folds them (Zoë as ZOE).
  accountHolder: v.pipe(personName('accountHolderMissing'), v.check(bacsCarries, problem('accountHolderNotLatin'))),
  sortCode: bankDigits(6, 'sortCodeMissing', 'sortCodeInvalid'),
  accountNumber: bankDigits(8, 'accountNumberMissing', 'accountNumberInvalid'),
}

/** A sort code as it is kept and shown: "309430" as "30-94-30". */
export const formatSortCode = (digits: string) => `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`

type CheckoutCopy = OrderCopy['checkout']
/** The names of the checkout's words of one kind (text, or a link). */
type WordOf<T> = { [K in keyof CheckoutCopy]: CheckoutCopy[K] extends T ? K : never }[keyof CheckoutCopy]

/**
 * How the form shows a field. Its label is the Orders document's checkout word of the field's name;
 * `hint`, `legend` (which starts a group of fields) and `link` (shown with the hint) name others.
 */
type Shown = {
  type: 'text' | 'email' | 'tel' | 'checkbox'
  autoComplete?: string
  inputMode?: 'numeric'
  /** A narrow field for a short value. */
  short?: boolean
  hint?: WordOf<string | null>
  legend?: WordOf<string>
  link?: WordOf<{ href: string | null } | null>
}

const field = <N extends WordOf<string>, R extends v.GenericSchema<unknown, unknown>>(
  name: N,
  rule: R,
  shown: Shown,
) => ({
  name,
  rule,
  ...shown,
})

/**
 * The checkout's fields, in the order the form shows them (the summary lists problems in it): each
 * one's rule and how it is shown. The schema and the checkout panel are both drawn from this list.
 */
export const CHECKOUT_FIELDS = [
  field('name', personName('nameMissing'), {
    type: 'text',
    autoComplete: 'name',
    hint: 'nameHint',
    legend: 'detailsHeading',
  }),
  field(
    'email',
    v.pipe(
      text,
      v.transform((email) => email.trim().toLowerCase()),
      v.nonEmpty(problem('emailMissing')),
      v.maxLength(EMAIL_MAX, problem('emailTooLong')),
      v.check(isEmailAddress, problem('emailInvalid')),
    ),
    { type: 'email', autoComplete: 'email', hint: 'emailHint' },
  ),
  field('phone', normalised(normaliseMobile, 'phoneMissing', 'phoneInvalid'), {
    type: 'tel',
    autoComplete: 'tel',
    hint: 'phoneHint',
  }),
  field('addressLine1', addressLine('addressLine1Missing'), {
    type: 'text',
    autoComplete: 'address-line1',
    legend: 'addressHeading',
  }),
  field('addressLine2', addressLine(), { type: 'text', autoComplete: 'address-line2' }),
  field('town', addressLine('townMissing'), { type: 'text', autoComplete: 'address-level2' }),
  field('postcode', normalised(normalisePostcode, 'postcodeMissing', 'postcodeInvalid'), {
    type: 'text',
    autoComplete: 'postal-code',
    hint: 'postcodeHint',
    short: true,
  }),
  field('postagePack', ticked, { type: 'checkbox', legend: 'postageHeading', hint: 'postagePackHint' }),
  field('accountHolder', BANK_RULES.accountHolder, {
    type: 'text',
    autoComplete: 'cc-name',
    hint: 'payoutText',
    legend: 'payoutHeading',
  }),
  field('sortCode', BANK_RULES.sortCode, {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    hint: 'sortCodeHint',
    short: true,
  }),
  field('accountNumber', BANK_RULES.accountNumber, {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    hint: 'accountNumberHint',
    short: true,
  }),
  field('declareAge', mustTick(problem('declareAgeMissing')), { type: 'checkbox', legend: 'declarationsHeading' }),
  field('declareOwner', mustTick(problem('declareOwnerMissing')), { type: 'checkbox' }),
  field('declareWiped', mustTick(problem('declareWipedMissing')), { type: 'checkbox', link: 'wipeGuideLink' }),
  field('declareTerms', mustTick(problem('declareTermsMissing')), { type: 'checkbox', link: 'termsLink' }),
  field('marketing', ticked, { type: 'checkbox' }),
] as const

/** Each field's rule, by its name: what `v.object` checks. */
type CheckoutEntries = { [F in (typeof CHECKOUT_FIELDS)[number] as F['name']]: F['rule'] }

const checkoutSchema = v.pipe(
  v.object(Object.fromEntries(CHECKOUT_FIELDS.map(({ name, rule }) => [name, rule])) as CheckoutEntries),
  // Every declaration is ticked by now: the order records them, not the tick boxes.
  v.transform(
    ({ name, email, phone, addressLine1, addressLine2, town, postcode, accountHolder, sortCode, ...rest }) => ({
      name,
      email,
      phone,
      addressLine1,
      addressLine2,
      town,
      postcode,
      accountHolder,
      sortCode: formatSortCode(sortCode),
      accountNumber: rest.accountNumber,
      declarations: [...DECLARATIONS],
      marketing: rest.marketing,
      postagePack: rest.postagePack,
    }),
  ),
)

export const validateCheckout = validatorFor<CheckoutProblem, typeof checkoutSchema>(checkoutSchema) as (
  body: unknown,
) => Validation<CheckoutInput, CheckoutProblem>

/** A checkout as the order takes it: what the schema gives back, never written beside it. */
export type CheckoutInput = v.InferOutput<typeof checkoutSchema>
