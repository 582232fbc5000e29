import * as v from 'valibot'
import { text } from '@/forms/schema'
import { EMAIL_MAX, isEmailAddress } from '@/lib/email-address'
import { field, type PayoutMethod } from '../method'

/**
 * PayPal, the second way of paying a seller: the address of their PayPal account, paid one
 * payment at a time through PayPal Payouts (paypal-client.ts) by the payout job.
 */
export type PaypalDetails = { paypalEmail: string }

export const PAYPAL_PROBLEMS = ['paypalEmailMissing', 'paypalEmailInvalid', 'paypalEmailTooLong'] as const
export type PaypalProblem = (typeof PAYPAL_PROBLEMS)[number]

/** The address as it is kept, paid and matched: trimmed, lower case (PayPal ignores case). */
export const normalisePaypalEmail = (typed: string) => typed.trim().toLowerCase()

/** The PayPal address's rule, the same at checkout and when the seller changes it. */
export const PAYPAL_RULES = {
  paypalEmail: v.pipe(
    text,
    v.transform(normalisePaypalEmail),
    v.nonEmpty('paypalEmailMissing'),
    v.maxLength(EMAIL_MAX, 'paypalEmailTooLong'),
    v.check(isEmailAddress, 'paypalEmailInvalid'),
  ),
}

export const PAYPAL_FIELDS = [
  field('paypalEmail', PAYPAL_RULES.paypalEmail, {
    type: 'email',
    autoComplete: 'email',
    hint: 'paypalText',
    legend: 'paypalHeading',
  }),
] as const

/**
 * What is shown of an address where the last four digits of an account would be (the order page,
 * e-mails, staff without a reveal): enough for the seller to know it, too little to be of use to
 * anyone else: "sam.seller@example.co.uk" as "s•••@e•••.uk".
 */
export function maskPaypalEmail(email: string): string {
  const [local = '', domain = ''] = normalisePaypalEmail(email).split('@')
  const top = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : ''
  return `${local.slice(0, 1)}•••@${domain.slice(0, 1)}•••${top}`
}

export const paypal: PayoutMethod<PaypalDetails, PaypalProblem> = {
  id: 'paypal',
  choice: 'paypalChoice',
  shownAs: 'paypalShown',
  fields: PAYPAL_FIELDS,
  problems: PAYPAL_PROBLEMS,
  // An address is not a secret from the one who typed it: it comes back after a failed post.
  secretFields: [],
  details: ({ paypalEmail }) => ({ paypalEmail: normalisePaypalEmail(paypalEmail) }),
  last4: (details) => maskPaypalEmail(details.paypalEmail),
  // The same account however it was typed: "Sam@Example.com " and "sam@example.com" are one.
  matchKey: (details) => `paypal:${normalisePaypalEmail(details.paypalEmail)}`,
  shown: (details) => [{ field: 'paypalEmail', value: details.paypalEmail, code: true }],
  paidBy: { payer: 'paypal', paymentRun: false },
}
