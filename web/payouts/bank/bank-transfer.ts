import * as v from 'valibot'
import { text } from '@/forms/schema'
import { personName } from '@/accounts/validation'
import { field, type PayoutMethod } from '../method'
import { bacsCarries, bacsNameless } from './bacs-text'
import type { Payee } from './bank-file'

/**
 * Bank transfer, the first way of paying a seller: a UK account's holder, sort code and number,
 * paid by a manager's payment run and its Bacs file (bank-file.ts).
 */
export type BankDetails = { accountHolder: string; sortCode: string; accountNumber: string }

export const BANK_PROBLEMS = [
  'accountHolderMissing',
  'accountHolderNotLatin',
  'sortCodeMissing',
  'sortCodeInvalid',
  'accountNumberMissing',
  'accountNumberInvalid',
] as const
export type BankProblem = (typeof BANK_PROBLEMS)[number]

/** A bank number: digits, typed with spaces or dashes or not, of the given length. */
const bankDigits = (digits: number, missing: BankProblem, invalid: BankProblem) =>
  v.pipe(
    text,
    v.transform((typed) => typed.trim()),
    v.nonEmpty(missing),
    v.transform((typed) => typed.replace(/[\s-]/g, '')),
    v.check((value) => new RegExp(`^[0-9]{${digits}}$`).test(value), invalid),
  )

/**
 * The bank account's rules, the same wherever one is typed: at checkout, and when the seller
 * changes it later (payout-change-validation.ts).
 */
export const BANK_RULES = {
  // The payee's name in the bank file: a name it would blank out, wholly or partly, is asked for
  // as the bank has it, in Latin letters. Accents are fine: the file folds them (Zoë as ZOE).
  accountHolder: v.pipe(personName('accountHolderMissing'), v.check(bacsCarries, 'accountHolderNotLatin')),
  sortCode: bankDigits(6, 'sortCodeMissing', 'sortCodeInvalid'),
  accountNumber: bankDigits(8, 'accountNumberMissing', 'accountNumberInvalid'),
}

/** A sort code as it is kept and shown: "309430" (or "30-94-30" again) as "30-94-30". */
export function formatSortCode(typed: string) {
  const digits = typed.replace(/\D/g, '')
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`
}

/** The bank fields as the forms show them (labels, hints, input modes), in their order. */
export const BANK_FIELDS = [
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
] as const

const digits = (typed: string) => typed.replace(/\D/g, '')

export const bankTransfer: PayoutMethod<BankDetails, BankProblem> = {
  id: 'bank',
  choice: 'bankChoice',
  shownAs: 'bankShown',
  fields: BANK_FIELDS,
  problems: BANK_PROBLEMS,
  secretFields: ['sortCode', 'accountNumber'],
  details: ({ accountHolder, sortCode, accountNumber }) => ({
    accountHolder,
    sortCode: formatSortCode(sortCode),
    accountNumber,
  }),
  last4: (details) => details.accountNumber.slice(-4),
  matchKey: (details) => `${digits(details.sortCode)}:${digits(details.accountNumber)}`,
  shown: (details) => [
    { field: 'accountHolder', value: details.accountHolder, code: false },
    { field: 'sortCode', value: details.sortCode, code: true },
    { field: 'accountNumber', value: details.accountNumber, code: true },
  ],
  paidBy: { payer: 'faster-payments', paymentRun: true },
}

/**
 * Opened details that a payment run holds, which are a bank transfer's: the run takes only the
 * methods it pays (PAYMENT_RUN_METHODS). Anything else here is a bug, stopped before a file is made.
 */
function bankDetailsOf(opened: object): BankDetails {
  const details = opened as Partial<BankDetails>
  if (typeof details.sortCode !== 'string' || typeof details.accountNumber !== 'string') {
    throw new Error('A payment run holds bank transfers only: these details are not a bank account.')
  }
  return details as BankDetails
}

/** Whether the bank file would name this payee with blanks (a run that would carry one is refused). */
export const payeeNameless = (opened: object) => bacsNameless(bankDetailsOf(opened).accountHolder)

/** One payment of a run, as the bank file takes it. */
export const bankPayment = (opened: object, reference: string, amountPence: number): Payee => {
  const details = bankDetailsOf(opened)
  return bankPayee(details, reference, amountPence)
}

const bankPayee = (details: BankDetails, reference: string, amountPence: number): Payee => ({
  sortCode: details.sortCode,
  accountNumber: details.accountNumber,
  accountHolder: details.accountHolder,
  reference,
  amountPence,
})
