import 'server-only'
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { paymentsSettings } from '@/config'
import { sellerOrder } from '@/db/schema'
import { fasterPayments, type PayeeAnswer } from './bank/faster-payments'
import { bankTransfer, type BankDetails } from './bank/bank-transfer'
import type { PayoutDetails } from './methods'
import type { PayoutKeys } from './payout-crypto'
import type { PayeeQuestion, PayeeRecord } from './payee-questions'

/**
 * Confirmation of Payee where a seller gives bank details (checkout, a change of bank details):
 * the bank's answer for the name, sort code and account number. A match goes on; a close match or
 * a no match is asked about, and the seller's choice comes back with a token bound to the exact
 * details asked about (an HMAC with a key of the server's), so a post with other details is asked
 * about again, never taken as confirmed. What is kept is in payee-questions.ts; the payout job pays
 * none that `payeeHold` holds without a member of staff.
 */
export type PayeeOutcome =
  | { kind: 'checked'; details: BankDetails; record: PayeeRecord }
  | { kind: 'ask'; question: PayeeQuestion; bankName: string | null; token: string }

/** How long a question's token is good for: time to read and choose, not to keep. */
const TOKEN_MINUTES = 30

const keyOf = (keys: PayoutKeys) =>
  Buffer.from(hkdfSync('sha256', keys.current.bytes, Buffer.alloc(0), 'handback payee check v1', 32))

const digits = (typed: string) => typed.replace(/\D/g, '')
const bound = (details: BankDetails) =>
  JSON.stringify([details.accountHolder.trim(), digits(details.sortCode), digits(details.accountNumber)])

type Asked = { answer: Extract<PayeeAnswer, { result: 'close_match' | 'no_match' }>; at: number }

const mac = (keys: PayoutKeys, payload: string, details: BankDetails) =>
  createHmac('sha256', keyOf(keys))
    .update(`${payload}\n${bound(details)}`)
    .digest('base64url')

/** The token of a question about these details: what the bank said, when, and the HMAC binding them. */
export function payeeToken(answer: Asked['answer'], details: BankDetails, keys: PayoutKeys, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ answer, at: now })).toString('base64url')
  return `${payload}.${mac(keys, payload, details)}`
}

/** What the bank said about exactly these details, if the token is ours, for them, and fresh. */
export function openPayeeToken(token: string, details: BankDetails, keys: PayoutKeys, now = Date.now()): Asked | null {
  const [payload, given, extra] = token.split('.')
  if (!payload || !given || extra !== undefined) return null
  const expected = Buffer.from(mac(keys, payload, details))
  const actual = Buffer.from(given)
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null
  try {
    const asked = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Asked
    if (typeof asked.at !== 'number' || now - asked.at > TOKEN_MINUTES * 60_000 || asked.at > now + 60_000) return null
    return asked
  } catch {
    return null
  }
}

/** Confirmation of Payee through the payments provider; not checked on the Bacs route (no provider). */
export async function askBank(details: BankDetails): Promise<PayeeAnswer> {
  const settings = paymentsSettings()
  if (settings.route === 'bacs-file') return { result: 'unavailable', reasonCode: null }
  return fasterPayments(settings).confirmPayee(details)
}

/**
 * The check for bank details a seller posted, with their answer to an earlier question (its token
 * and their choice) when there was one: the details to keep (with the bank's name, if they took it)
 * and what to record, or the question to ask.
 */
export async function checkPayee(request: {
  details: BankDetails
  token?: string
  choice?: string
  keys: PayoutKeys
  ask?: (details: BankDetails) => Promise<PayeeAnswer>
  now?: number
}): Promise<PayeeOutcome> {
  const { details, keys, now = Date.now() } = request
  const asked = request.token ? openPayeeToken(request.token, details, keys, now) : null
  const answer = asked?.answer ?? (await (request.ask ?? askBank)(details))
  const token = () => payeeToken(answer as Asked['answer'], details, keys, now)
  if (answer.result === 'match') {
    return { kind: 'checked', details, record: { payeeCheck: 'match', payeeBankName: null, payeeReason: null } }
  }
  if (answer.result === 'unavailable') {
    return {
      kind: 'checked',
      details,
      record: { payeeCheck: 'unavailable', payeeBankName: null, payeeReason: answer.reasonCode },
    }
  }
  if (answer.result === 'close_match') {
    const record = { payeeBankName: answer.name, payeeReason: answer.reasonCode }
    if (asked && request.choice === 'bankName') {
      return {
        kind: 'checked',
        details: { ...details, accountHolder: answer.name },
        record: { payeeCheck: 'close_match_accepted', ...record },
      }
    }
    if (asked && request.choice === 'ownName') {
      return { kind: 'checked', details, record: { payeeCheck: 'close_match_kept', ...record } }
    }
    return { kind: 'ask', question: 'payeeCloseMatch', bankName: answer.name, token: token() }
  }
  if (asked && request.choice === 'sure') {
    return {
      kind: 'checked',
      details,
      record: { payeeCheck: 'no_match', payeeBankName: null, payeeReason: answer.reasonCode },
    }
  }
  return { kind: 'ask', question: 'payeeNoMatch', bankName: null, token: token() }
}

/**
 * The check for a payout method's details as a seller posted them: bank transfers are asked about;
 * any other method's details are kept as given, with nothing recorded.
 */
export async function checkPayout(request: {
  methodId: string
  details: PayoutDetails
  token?: string
  choice?: string
  keys: PayoutKeys
}): Promise<PayeeOutcome | { kind: 'checked'; details: PayoutDetails; record: null }> {
  if (request.methodId !== bankTransfer.id) return { kind: 'checked', details: request.details, record: null }
  // A bank transfer's details: the method's own fields, checked by its rules before this.
  return checkPayee({ ...request, details: request.details as BankDetails })
}

/**
 * `payeeHold` as a condition for the payout job's query on seller_order: true for an order whose
 * payee is a no match or a kept name, or whose account (its keyed hash) another seller's order
 * names too (another e-mail address: one seller's several orders are not a match). The job pays
 * none of these; staff look first.
 */
// coalesce: an order kept before payees were checked has no answer (null), and null would make `not` hold it too.
export const payeeHeldSql = sql<boolean>`(coalesce(${sellerOrder.payeeCheck} in ('no_match', 'close_match_kept'), false) or exists (
  select 1 from seller_order other
  where other.payout_match = ${sellerOrder.payoutMatch}
    and other.id <> ${sellerOrder.id}
    and lower(coalesce(other.email, '')) <> lower(coalesce(${sellerOrder.email}, ''))
))`
