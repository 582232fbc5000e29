import 'server-only'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { paymentsSettings, type PaymentsSettings } from '@/config'
import { CHALLENGE_HEADER, PROOF_HEADER, provedByStandIn } from '@/config/stand-in-guard'
import { describeError } from '@/lib/log'
import type { Payer, PayerReply, PaymentAnswer, PaymentEvent, PaymentStatus } from '../payer'
import type { BankDetails } from './bank-transfer'

/**
 * The payments provider's client, the only code that knows its wire (Modulr's or ClearBank's
 * shape; the local stand-in is payments-api/): bank transfers sent by Faster Payments, each with
 * an Idempotency-Key, read back by id, heard by signed webhooks; and Confirmation of Payee.
 */
export const FASTER_PAYMENTS = 'faster-payments'

/** Confirmation of Payee's answer: the name the bank holds comes back with a close match only. */
export type PayeeAnswer =
  | { result: 'match' }
  | { result: 'close_match'; reasonCode: string; name: string }
  | { result: 'no_match'; reasonCode: string }
  /** The bank does not take part, the holder opted out, or the service could not be reached. */
  | { result: 'unavailable'; reasonCode: string | null }

export type FasterPayments = Payer<BankDetails> & {
  /** Asks the payee's bank whether the account is held in this name. */
  confirmPayee(details: BankDetails): Promise<PayeeAnswer>
}

type Connected = Extract<PaymentsSettings, { route: 'faster-payments' }>

/** How old a webhook may be (or how far ahead the provider's clock): older ones are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300
const STATUSES: readonly PaymentStatus[] = ['accepted', 'settled', 'rejected', 'returned']
const EVENTS: Readonly<Record<string, PaymentStatus>> = {
  'payment.settled': 'settled',
  'payment.rejected': 'rejected',
  'payment.returned': 'returned',
}
const COP_RESULTS = ['match', 'close_match', 'no_match', 'unavailable'] as const
const COP_TIMEOUT_MS = 4000

const digits = (typed: string) => typed.replace(/\D/g, '')

/** The answer's payment, when it has the shape of one. */
function paymentFrom(body: unknown): PaymentAnswer | null {
  const { id, status, reason } = (body ?? {}) as Record<string, unknown>
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) return null
  if (!STATUSES.includes(status as PaymentStatus)) return null
  return { id, status: status as PaymentStatus, reason: typeof reason === 'string' ? reason.slice(0, 200) : null }
}

/**
 * The provider PAYMENTS_URL names (the local stand-in by default). The real one gets the API key;
 * the stand-in gets a fresh challenge instead, and an answer counts only with its proof. `now` is
 * for tests of the webhook's age.
 */
export function fasterPayments(
  settings: PaymentsSettings = paymentsSettings(),
  now: () => number = Date.now,
): FasterPayments {
  if (settings.route !== 'faster-payments') {
    throw new Error('PAYMENTS_ROUTE is bacs-file: bank transfers are paid by the payment run, not a provider.')
  }
  const call = callerFor(settings)
  return {
    id: FASTER_PAYMENTS,
    async send({ idempotencyKey, amountPence, reference, details }) {
      const body = {
        amountPence,
        currency: 'GBP',
        destination: {
          sortCode: digits(details.sortCode),
          accountNumber: digits(details.accountNumber),
          name: details.accountHolder,
        },
        reference,
      }
      const reply = await call('POST', '/payments', body, { 'idempotency-key': idempotencyKey })
      if (!reply.ok) return reply
      if (reply.value.status === 409)
        return { ok: false, reason: 'refused', detail: 'the key was used for another payment' }
      return answered(reply.value, [200, 201])
    },
    async read(id) {
      if (!/^[\w-]{1,64}$/.test(id)) return { ok: false, reason: 'refused', detail: 'not a payment id' }
      const reply = await call('GET', `/payments/${encodeURIComponent(id)}`)
      if (!reply.ok) return reply
      return answered(reply.value, [200])
    },
    verifyWebhook(rawBody, headers) {
      return verifiedEvent(settings.webhookSecret, rawBody, headers.get('payments-signature'), now())
    },
    async confirmPayee(details) {
      // A seller waits on this at checkout: past a few seconds it is "not checked", and the order goes on.
      const reply = await call(
        'POST',
        '/confirmation-of-payee',
        {
          sortCode: digits(details.sortCode),
          accountNumber: digits(details.accountNumber),
          name: details.accountHolder,
        },
        {},
        Math.min(settings.timeoutMs, COP_TIMEOUT_MS),
      )
      if (!reply.ok || reply.value.status !== 200) return { result: 'unavailable', reasonCode: null }
      const { result, reasonCode, name } = (reply.value.body ?? {}) as Record<string, unknown>
      const code = typeof reasonCode === 'string' && /^[A-Z0-9]{2,8}$/.test(reasonCode) ? reasonCode : null
      if (!COP_RESULTS.includes(result as (typeof COP_RESULTS)[number]))
        return { result: 'unavailable', reasonCode: null }
      if (result === 'close_match') {
        // A close match without the bank's name gives the seller nothing to choose: not checked.
        if (typeof name !== 'string' || !name.trim() || name.length > 140)
          return { result: 'unavailable', reasonCode: null }
        return { result, reasonCode: code ?? 'MBAM', name: name.trim() }
      }
      if (result === 'no_match') return { result, reasonCode: code ?? 'ANNM' }
      if (result === 'unavailable') return { result, reasonCode: code }
      return { result: 'match' }
    },
  }
}

type Reply = { status: number; body: unknown }

function answered(reply: Reply, ok: number[]): PayerReply<PaymentAnswer> {
  if (!ok.includes(reply.status)) {
    return { ok: false, reason: 'refused', detail: `the provider answered ${reply.status}` }
  }
  const payment = paymentFrom(reply.body)
  if (!payment) return { ok: false, reason: 'unavailable', detail: 'an answer without a payment' }
  return { ok: true, value: payment }
}

/** One request to the provider: its status and body, or unavailable (down, slow, 5xx, not proved). */
function callerFor(settings: Connected) {
  const standIn = settings.standInKey !== null
  return async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
    timeoutMs = settings.timeoutMs,
  ): Promise<PayerReply<Reply>> => {
    const challenge = randomBytes(16).toString('hex')
    try {
      const response = await fetch(`${settings.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(standIn ? { [CHALLENGE_HEADER]: challenge } : { authorization: `Bearer ${settings.apiKey}` }),
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        cache: 'no-store',
      })
      const text = await response.text()
      if (response.status >= 500 || response.status === 429) {
        return { ok: false, reason: 'unavailable', detail: `the provider answered ${response.status}` }
      }
      if (standIn && !provedByStandIn(settings.standInKey!, challenge, text, response.headers.get(PROOF_HEADER))) {
        console.error("Payments provider: the answer on the stand-in's address is not our stand-in's")
        return { ok: false, reason: 'unavailable', detail: 'an answer the stand-in did not prove' }
      }
      return { ok: true, value: { status: response.status, body: text ? JSON.parse(text) : null } }
    } catch (error) {
      // Only the kind of failure: never an account's details.
      console.error(`Payments provider unreachable: ${describeError(error)}`)
      return { ok: false, reason: 'unavailable', detail: describeError(error) }
    }
  }
}

/**
 * The event in a webhook whose `t=…,v1=…` signature is HMAC-SHA256, with the shared secret, of
 * "t.body", and whose t is within the tolerance of now; null for anything else (forged, altered,
 * replayed late, or not an event about a payment's final status).
 */
export function verifiedEvent(
  secret: string,
  rawBody: string,
  header: string | null,
  nowMs: number,
): PaymentEvent | null {
  if (!header || !secret) return null
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = parts.find(([name]) => name === 't')?.[1]
  const signatures = parts.filter(([name, value]) => name === 'v1' && value).map(([, value]) => value!)
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signatures.length) return null
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return null
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'))
  const signed = signatures.some((given) => {
    const bytes = Buffer.from(given)
    return bytes.length === expected.length && timingSafeEqual(bytes, expected)
  })
  if (!signed) return null
  let event: unknown
  try {
    event = JSON.parse(rawBody)
  } catch {
    return null
  }
  const { id, type, data } = (event ?? {}) as Record<string, unknown>
  const payment = paymentFrom(data)
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id) || typeof type !== 'string' || !payment) return null
  if (EVENTS[type] !== payment.status) return null
  return { eventId: id, payment }
}
