import 'server-only'
import { randomBytes } from 'node:crypto'
import { paypalSettings, type PaypalSettings } from '@/config'
import { CHALLENGE_HEADER, PROOF_HEADER, provedByStandIn } from '@/config/stand-in-guard'
import { describeError } from '@/lib/log'
import type { Payer, PayerReply, PaymentAnswer, PaymentEvent, PaymentStatus } from '../payer'
import type { PaypalDetails } from './paypal'
import {
  AUTH_ALGO,
  STAND_IN_ALGO,
  TRANSMISSION_ID,
  TRANSMISSION_SIG,
  TRANSMISSION_TIME,
  webhookSigned,
} from './paypal-signature'

/**
 * PayPal Payouts behind the payer's shape (payer.ts): each payment is a batch of one item whose
 * sender_batch_id is the payment's idempotency key (sent as PayPal-Request-Id too), so a retry
 * answers the first batch and never pays twice. An item is final at SUCCESS (settled), FAILED,
 * BLOCKED, DENIED (rejected), or RETURNED, REFUNDED, REVERSED (returned); UNCLAIMED (the address has
 * no PayPal account yet) waits, as does PENDING. Every answer from the stand-in must carry its proof.
 */
const STATUSES: Readonly<Record<string, PaymentStatus>> = {
  SUCCESS: 'settled',
  FAILED: 'rejected',
  BLOCKED: 'rejected',
  DENIED: 'rejected',
  RETURNED: 'returned',
  REFUNDED: 'returned',
  REVERSED: 'returned',
}
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/

type PaypalItem = {
  payout_item_id?: unknown
  transaction_status?: unknown
  errors?: { name?: unknown; message?: unknown }
}

/** What PayPal says of an item, as the payer's answer; null when it is not an item. */
function answerOf(item: PaypalItem | undefined): PaymentAnswer | null {
  if (!item || typeof item.payout_item_id !== 'string' || !ITEM_ID.test(item.payout_item_id)) return null
  const raw = typeof item.transaction_status === 'string' ? item.transaction_status : 'PENDING'
  const status = STATUSES[raw] ?? 'accepted'
  // Why it failed or waits, as PayPal names it (staff see it; sellers do not).
  const reason =
    status === 'settled' || raw === 'PENDING' ? null : typeof item.errors?.name === 'string' ? item.errors.name : raw
  return { id: item.payout_item_id, status, reason }
}

/** Pence as PayPal's amount: 1234 as "12.34". */
export const paypalAmount = (pence: number) => {
  if (!Number.isSafeInteger(pence) || pence <= 0)
    throw new Error('A PayPal payment is a whole, positive number of pence.')
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`
}

export function paypalClient(settings: PaypalSettings = paypalSettings()): Payer<PaypalDetails> {
  const standIn = settings.standInKey !== null
  let token: { value: string; until: number } | null = null

  /** One call: the answer's status and body, or why it could not be had. */
  async function call(
    path: string,
    init: { method: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  ): Promise<PayerReply<{ status: number; body: unknown }>> {
    const challenge = randomBytes(16).toString('hex')
    try {
      const response = await fetch(`${settings.url}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...(standIn ? { [CHALLENGE_HEADER]: challenge } : {}), ...init.headers },
        signal: AbortSignal.timeout(settings.timeoutMs),
        cache: 'no-store',
      })
      const text = await response.text()
      if (standIn && !provedByStandIn(settings.standInKey!, challenge, text, response.headers.get(PROOF_HEADER))) {
        return {
          ok: false,
          reason: 'unavailable',
          detail: "the answer on the stand-in's address is not our stand-in's",
        }
      }
      if (response.status >= 500 || response.status === 429) {
        return { ok: false, reason: 'unavailable', detail: `PayPal answered ${response.status}` }
      }
      return { ok: true, value: { status: response.status, body: text ? JSON.parse(text) : null } }
    } catch (error) {
      return { ok: false, reason: 'unavailable', detail: `PayPal unreachable: ${describeError(error)}` }
    }
  }

  /** A bearer token by OAuth's client credentials, kept until a minute before it ends. */
  async function bearer(): Promise<PayerReply<string>> {
    if (token && token.until > Date.now()) return { ok: true, value: token.value }
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')
    const answered = await call('/v1/oauth2/token', {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    })
    if (!answered.ok) return answered
    const body = answered.value.body as { access_token?: unknown; expires_in?: unknown } | null
    if (answered.value.status !== 200 || typeof body?.access_token !== 'string') {
      return { ok: false, reason: 'refused', detail: `PayPal refused the app's credentials (${answered.value.status})` }
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300
    token = { value: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 }
    return { ok: true, value: token.value }
  }

  async function authorised(
    path: string,
    init: { method: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  ) {
    const got = await bearer()
    if (!got.ok) return got
    const headers = { authorization: `Bearer ${got.value}`, 'content-type': 'application/json', ...init.headers }
    const answered = await call(path, { ...init, headers })
    // A token PayPal ended early: one new token, one more try (the same idempotency key, so no second payment).
    if (answered.ok && answered.value.status === 401) {
      token = null
      const again = await bearer()
      if (!again.ok) return again
      return call(path, { ...init, headers: { ...headers, authorization: `Bearer ${again.value}` } })
    }
    return answered
  }

  const refused = (status: number, body: unknown): PayerReply<never> => {
    const named = body as { name?: unknown; message?: unknown } | null
    const detail = typeof named?.name === 'string' ? named.name : `status ${status}`
    return { ok: false, reason: 'refused', detail }
  }

  return {
    id: 'paypal',
    async send({ idempotencyKey, amountPence, reference, details }) {
      const body = JSON.stringify({
        sender_batch_header: { sender_batch_id: idempotencyKey, email_subject: reference },
        items: [
          {
            recipient_type: 'EMAIL',
            receiver: details.paypalEmail,
            amount: { value: paypalAmount(amountPence), currency: 'GBP' },
            sender_item_id: reference,
            note: reference,
          },
        ],
      })
      const answered = await authorised('/v1/payments/payouts', {
        method: 'POST',
        body,
        headers: { 'paypal-request-id': idempotencyKey },
      })
      if (!answered.ok) return answered
      const { status, body: batch } = answered.value
      if (status !== 200 && status !== 201) return refused(status, batch)
      const made = batch as { items?: PaypalItem[]; batch_header?: { payout_batch_id?: unknown } } | null
      let answer = answerOf(made?.items?.[0])
      // PayPal's own answer names the batch only: its one item is read from the batch.
      const batchId = made?.batch_header?.payout_batch_id
      if (!answer && typeof batchId === 'string' && ITEM_ID.test(batchId)) {
        const read = await authorised(`/v1/payments/payouts/${encodeURIComponent(batchId)}`, { method: 'GET' })
        if (!read.ok) return read
        answer = answerOf((read.value.body as { items?: PaypalItem[] } | null)?.items?.[0])
      }
      return answer
        ? { ok: true, value: answer }
        : { ok: false, reason: 'unavailable', detail: 'PayPal answered no item' }
    },
    async read(id) {
      if (!ITEM_ID.test(id)) return { ok: false, reason: 'refused', detail: 'not a PayPal item id' }
      const answered = await authorised(`/v1/payments/payouts-item/${encodeURIComponent(id)}`, { method: 'GET' })
      if (!answered.ok) return answered
      if (answered.value.status !== 200) return refused(answered.value.status, answered.value.body)
      const answer = answerOf(answered.value.body as PaypalItem)
      return answer
        ? { ok: true, value: answer }
        : { ok: false, reason: 'unavailable', detail: 'PayPal answered no item' }
    },
    verifyWebhook(rawBody, headers): PaymentEvent | null {
      const transmissionId = headers.get(TRANSMISSION_ID)
      const time = headers.get(TRANSMISSION_TIME)
      const signature = headers.get(TRANSMISSION_SIG)
      if (headers.get(AUTH_ALGO) !== STAND_IN_ALGO || !transmissionId || !time || !signature) return null
      if (!webhookSigned(settings.webhookSecret, transmissionId, time, rawBody, signature)) return null
      let event: { id?: unknown; event_type?: unknown; resource?: PaypalItem }
      try {
        event = JSON.parse(rawBody) as typeof event
      } catch {
        return null
      }
      if (typeof event.id !== 'string' || typeof event.event_type !== 'string') return null
      if (!event.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.')) return null
      const payment = answerOf(event.resource)
      return payment ? { eventId: event.id, payment } : null
    },
  }
}
