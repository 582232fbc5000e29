import type { OrderCopy } from '@/content/types'
import { ADDRESS_MAX, CHECKOUT_PROBLEMS } from '@/orders/checkout/checkout-validation'
import { NAME_MAX } from '@/accounts/validation'
import { EMAIL_MAX } from '@/lib/email-address'
import { fillTemplate } from '@/lib/templates'
import { PAYEE_QUESTIONS } from '@/payouts/payee-questions'

/** The code a seller types to change their payout details: the form's own problems (payout-change/). */
export const PAYOUT_CODE_PROBLEMS = ['codeMissing', 'codeInvalid'] as const
export type PayoutCodeProblem = (typeof PAYOUT_CODE_PROBLEMS)[number]

/** Every problem the order endpoints report; each names its words in the Orders document. */
export const ORDER_PROBLEM_CODES = [
  ...CHECKOUT_PROBLEMS,
  'basketEmpty',
  'pricesChanged',
  'keyReused',
  'notFound',
  'linkInvalid',
  'offerClosed',
  'cannotCancel',
  'cannotReturn',
  'labelPosted',
  ...PAYOUT_CODE_PROBLEMS,
  'codeWrong',
  'codeExpired',
  'codeUsed',
  'codeSpent',
  'noCode',
  'codesTooMany',
  'payoutClosed',
  ...PAYEE_QUESTIONS,
  'signedLinkNeeded',
  'tooMany',
  'crossOrigin',
  'tooLarge',
  'unavailable',
] as const
export type OrderProblemCode = (typeof ORDER_PROBLEM_CODES)[number]

const MAXIMA: Partial<Record<OrderProblemCode, number>> = {
  nameTooLong: NAME_MAX,
  emailTooLong: EMAIL_MAX,
  addressTooLong: ADDRESS_MAX,
}

/**
 * The problem's words, filled: `seconds` to wait after too many tries, `tries` left for a code,
 * `bankName` the name a seller's bank holds (Confirmation of Payee's close match).
 */
export function orderProblemMessage(
  copy: OrderCopy,
  code: OrderProblemCode,
  seconds = 60,
  tries = 0,
  bankName = '',
): string {
  return fillTemplate(copy.problems[code], { max: MAXIMA[code] ?? 0, seconds, tries, bankName })
}

export function isOrderProblemCode(code: string): code is OrderProblemCode {
  return (ORDER_PROBLEM_CODES as readonly string[]).includes(code)
}

/** The content's words for every problem, for a form to show without asking the server. */
export function orderProblemMessages(copy: OrderCopy): Record<OrderProblemCode, string> {
  const seconds = 60
  return Object.fromEntries(
    ORDER_PROBLEM_CODES.map((code) => [code, orderProblemMessage(copy, code, seconds)]),
  ) as Record<OrderProblemCode, string>
}
