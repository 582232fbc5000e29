import * as v from 'valibot'
import { normaliseMobile, normalisePostcode } from '@/lib/uk-formats'
import { NOT_A_NAME, personName } from '@/accounts/validation'
import { EMAIL_MAX, isEmailAddress } from '@/lib/email-address'
import { mustTick, normalised, oneLine, text, ticked, validatorFor, type Validation } from '@/forms/schema'
import { field } from '@/payouts/method'
import {
  DEFAULT_PAYOUT_METHOD as PAYOUT,
  PAYOUT_METHODS,
  PAYOUT_PROBLEMS,
  payoutMethodNamed,
  type PayoutMethodAny,
} from '@/payouts/methods'

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
  ...PAYOUT_PROBLEMS,
  ...DECLARATIONS.map((name) => `${name}Missing` as const),
  'referenceMissing',
  'referenceInvalid',
  'lookupMissing',
] as const
export type CheckoutProblem = (typeof CHECKOUT_PROBLEMS)[number]

const problem = (code: CheckoutProblem) => code

/** An address line: plain text, short; a missing line is a problem only when the line is needed. */
const addressLine = (missing?: CheckoutProblem) =>
  v.pipe(
    oneLine,
    v.check((line) => !missing || line.length > 0, missing ?? problem('addressLine1Missing')),
    v.check((line) => line.length <= ADDRESS_MAX, problem('addressTooLong')),
    v.check((line) => !NOT_A_NAME.test(line), problem('addressInvalid')),
  )

/**
 * The checkout's fields, in the order the form shows them (the summary lists problems in it): each
 * one's rule and how it is shown. The schema and the checkout panel are both drawn from this list.
 */
const BEFORE_PAYOUT = [
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
] as const

const AFTER_PAYOUT = [
  field('declareAge', mustTick(problem('declareAgeMissing')), { type: 'checkbox', legend: 'declarationsHeading' }),
  field('declareOwner', mustTick(problem('declareOwnerMissing')), { type: 'checkbox' }),
  field('declareWiped', mustTick(problem('declareWipedMissing')), { type: 'checkbox', link: 'wipeGuideLink' }),
  field('declareTerms', mustTick(problem('declareTermsMissing')), { type: 'checkbox', link: 'termsLink' }),
  field('marketing', ticked, { type: 'checkbox' }),
] as const

/** The checkout's fields with a payout method's in their place, in the form's order. */
const fieldsWith = <M extends PayoutMethodAny>(method: M) =>
  [...BEFORE_PAYOUT, ...(method.fields as M['fields']), ...AFTER_PAYOUT] as const

/** The checkout's fields for the default payout method, in the form's order. */
export const CHECKOUT_FIELDS = fieldsWith(PAYOUT)

/**
 * The form as the checkout panel draws it: the fields before the payout, the choice of a payout
 * method, then every method's fields (each group for its own choice), then the declarations.
 */
export const CHECKOUT_FORM = { before: BEFORE_PAYOUT, methods: PAYOUT_METHODS, after: AFTER_PAYOUT } as const

/** Each field's rule, by its name: what `v.object` checks. */
type CheckoutEntries = { [F in (typeof CHECKOUT_FIELDS)[number] as F['name']]: F['rule'] }

/** The checkout's schema with the given payout method's fields: one valibot object, then the value as the order takes it. */
const checkoutSchemaFor = (method: PayoutMethodAny) =>
  v.pipe(
    v.object(Object.fromEntries(fieldsWith(method).map(({ name, rule }) => [name, rule])) as CheckoutEntries),
    // Every declaration is ticked by now: the order records them, not the tick boxes.
    v.transform(
      ({ name, email, phone, addressLine1, addressLine2, town, postcode, marketing, postagePack, ...rest }) => ({
        name,
        email,
        phone,
        addressLine1,
        addressLine2,
        town,
        postcode,
        // The payout method's own fields, as it keeps them (a sort code as "30-94-30").
        ...method.details(rest),
        declarations: [...DECLARATIONS],
        marketing,
        postagePack,
      }),
    ),
  )
type CheckoutSchema = ReturnType<typeof checkoutSchemaFor>
const validators = new Map(
  PAYOUT_METHODS.map((method) => [method.id, validatorFor<CheckoutProblem, CheckoutSchema>(checkoutSchemaFor(method))]),
)

/** The checkout, checked with the fields of the payout method it names (`payoutMethod`; the default when it names none). */
export const validateCheckout = (body: unknown): Validation<CheckoutInput, CheckoutProblem> =>
  validators.get(payoutMethodNamed((body as { payoutMethod?: unknown } | null)?.payoutMethod).id)!(body) as Validation<
    CheckoutInput,
    CheckoutProblem
  >

/** A checkout as the order takes it: what the schema gives back, never written beside it. */
export type CheckoutInput = v.InferOutput<CheckoutSchema>

/** A free recycling order's fields: checkout's, less the payout, as nothing is ever paid into one. */
export const FREE_CHECKOUT_FORM = { before: BEFORE_PAYOUT, after: AFTER_PAYOUT } as const
const FREE_FIELDS = [...BEFORE_PAYOUT, ...AFTER_PAYOUT] as const
type FreeEntries = { [F in (typeof FREE_FIELDS)[number] as F['name']]: F['rule'] }

const freeCheckoutSchema = v.pipe(
  v.object(Object.fromEntries(FREE_FIELDS.map(({ name, rule }) => [name, rule])) as FreeEntries),
  v.transform(({ name, email, phone, addressLine1, addressLine2, town, postcode, marketing, postagePack }) => ({
    name,
    email,
    phone,
    addressLine1,
    addressLine2,
    town,
    postcode,
    declarations: [...DECLARATIONS],
    marketing,
    postagePack,
  })),
)

/**
 * Accepting a free recycling offer: checkout's rules for the address (the free label or pack goes
 * there) and the declarations, and no payout fields; any sent are not read.
 */
export const validateFreeCheckout = validatorFor<CheckoutProblem, typeof freeCheckoutSchema>(freeCheckoutSchema)

/** A free recycling order's checkout, as the order takes it. */
export type FreeCheckoutInput = v.InferOutput<typeof freeCheckoutSchema>
