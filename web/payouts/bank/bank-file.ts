/**
 * The bank file of a payment run, in Bacs Standard 18: one 100-character record per payment
 * (transaction code 99, a credit to the seller's account) and a contra record (code 17) that debits
 * the business's account with the total, one record a line. The layout, field by field, and where it
 * is documented are in docs/payment-runs.md. Pure: the run's store builds it in memory and seals it.
 */

import { BACS_FIELD as FIELD, bacsNameless, bacsText } from './bacs-text'

export type Originator = {
  /** The business's sort code and account, which the payments come out of (6 and 8 digits). */
  sortCode: string
  accountNumber: string
  /** The business's name as the bank knows it: shown to each seller with the payment. */
  name: string
}

export type Payee = {
  sortCode: string
  accountNumber: string
  accountHolder: string
  /** What the seller's statement shows: the order's reference. */
  reference: string
  amountPence: number
}

export type BankFile = { text: string; count: number; totalPence: number }

/** The largest amount one record holds: 11 digits of pence. */
export const MAX_RECORD_PENCE = 99_999_999_999
const CREDIT = '99'
const CONTRA = '17'
const CONTRA_NARRATIVE = 'CONTRA'

const digitsOnly = (value: string) => value.replace(/\D/g, '')

function digits(value: string, width: number, what: string): string {
  const plain = digitsOnly(value)
  if (plain.length !== width) throw new Error(`${what} must be ${width} digits.`)
  return plain
}

function pence(amount: number): string {
  if (!Number.isInteger(amount) || amount <= 0 || amount > MAX_RECORD_PENCE) {
    throw new Error('An amount must be a whole number of pence, above nothing and within 11 digits.')
  }
  return String(amount).padStart(11, '0')
}

const text = (value: string) => bacsText(value).padEnd(FIELD, ' ')

function record(fields: {
  toSortCode: string
  toAccount: string
  code: string
  from: Originator
  amountPence: number
  name: string
  reference: string
  toName: string
}): string {
  const line = [
    digits(fields.toSortCode, 6, 'A sort code'),
    digits(fields.toAccount, 8, 'An account number'),
    '0',
    fields.code,
    digits(fields.from.sortCode, 6, 'The originating sort code'),
    digits(fields.from.accountNumber, 8, 'The originating account number'),
    '    ',
    pence(fields.amountPence),
    text(fields.name),
    text(fields.reference),
    text(fields.toName),
  ].join('')
  if (line.length !== 100) throw new Error('A Standard 18 record is 100 characters.')
  return line
}

/** The file for these payments, with its count and total (pence) to compare with the bank's screen. */
export function writeBankFile(payees: readonly Payee[], from: Originator, runReference: string): BankFile {
  if (!payees.length) throw new Error('A bank file pays at least one seller.')
  // What tells this run's debit from another's on the business's statement: never cut short.
  if (bacsText(runReference, Infinity) !== runReference || runReference.length > FIELD) {
    throw new Error(`The run's reference must be ${FIELD} Bacs characters at most, as the contra record carries it.`)
  }
  // Checked where it is typed; bank details kept before that are refused here, never sent blank.
  const blank = payees.filter((payee) => bacsNameless(payee.accountHolder))
  if (blank.length) {
    throw new Error(`No account name the bank file can carry for ${blank.map((payee) => payee.reference).join(', ')}.`)
  }
  const totalPence = payees.reduce((sum, payee) => sum + payee.amountPence, 0)
  const lines = payees.map((payee) =>
    record({
      toSortCode: payee.sortCode,
      toAccount: payee.accountNumber,
      code: CREDIT,
      from,
      amountPence: payee.amountPence,
      name: from.name,
      reference: payee.reference,
      toName: payee.accountHolder,
    }),
  )
  lines.push(
    record({
      toSortCode: from.sortCode,
      toAccount: from.accountNumber,
      code: CONTRA,
      from,
      amountPence: totalPence,
      name: runReference,
      reference: CONTRA_NARRATIVE,
      toName: from.name,
    }),
  )
  return { text: lines.map((line) => `${line}\r\n`).join(''), count: payees.length, totalPence }
}

export type ReadPayment = Omit<Payee, 'accountHolder'> & { accountName: string }

/**
 * Reads a file written above back: each payment, and the contra's total, which must equal their sum.
 * For tests and for checking a file before it goes to the bank; throws on anything malformed.
 */
export function readBankFile(file: string): {
  payments: ReadPayment[]
  contraPence: number
  originator: Originator
  runReference: string
} {
  const lines = file.split('\r\n')
  if (lines.pop() !== '') throw new Error('Each record ends with CR LF.')
  const records = lines.map((line, index) => {
    if (!/^\d{14}0(99|17)\d{14} {4}\d{11}[A-Z0-9 .&/-]{54}$/.test(line)) {
      throw new Error(`Record ${index + 1} is not a Standard 18 credit or contra record.`)
    }
    return {
      sortCode: line.slice(0, 6),
      accountNumber: line.slice(6, 14),
      code: line.slice(15, 17),
      fromSortCode: line.slice(17, 23),
      fromAccount: line.slice(23, 31),
      amountPence: Number(line.slice(35, 46)),
      name: line.slice(46, 64).trimEnd(),
      reference: line.slice(64, 82).trimEnd(),
      accountName: line.slice(82, 100).trimEnd(),
    }
  })
  const contra = records.pop()
  if (!contra || contra.code !== CONTRA || records.some((one) => one.code !== CREDIT)) {
    throw new Error('The file is credits followed by one contra record.')
  }
  const payments = records.map(({ sortCode, accountNumber, amountPence, reference, accountName }) => ({
    sortCode,
    accountNumber,
    amountPence,
    reference,
    accountName,
  }))
  const sum = payments.reduce((total, payment) => total + payment.amountPence, 0)
  if (sum !== contra.amountPence) throw new Error('The contra record does not equal the payments’ total.')
  return {
    payments,
    contraPence: contra.amountPence,
    originator: { sortCode: contra.sortCode, accountNumber: contra.accountNumber, name: contra.accountName },
    runReference: contra.name,
  }
}
