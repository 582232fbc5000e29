import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { CHALLENGE_HEADER, hasStandInKey, PROOF_HEADER, standInProof } from '../web/config/stand-in-guard'
import { accountKey, confirmName, paymentOutcome } from './known-accounts'
import { createWebhookQueue, type WebhookSwitches } from './webhooks'

/**
 * A local stand-in for a payments provider's Faster Payments API (Modulr's or ClearBank's shape):
 *   POST /payments  (Idempotency-Key header) {amountPence, currency: "GBP",
 *     destination: {sortCode, accountNumber, name}, reference (≤ 18)}  →  201 {id, status: "accepted"};
 *     the same key and body again → 200 and the first payment; the same key, another body → 409.
 *   GET /payments/<id>  →  {id, status: accepted | settled | rejected | returned, reason}
 *   POST /confirmation-of-payee {sortCode, accountNumber, name}
 *     →  {result: match | close_match | no_match | unavailable, reasonCode, name?}
 * Each payment settles (or is rejected) after a short delay and a signed webhook goes to the site
 * (webhooks.ts); a payment to a "returned" account is returned later, with a webhook of its own.
 * What each known account does is in known-accounts.ts. Everything is kept in memory.
 * The switch takes the key shared at start (`Authorization: Bearer KEY`):
 *   GET|POST /admin/switches {mode: up | slow | down, delayMs, rejectAccounts: ["sortcode:account"],
 *     settleMs, returnMs, webhookDelayMs, webhookDuplicates, dropWebhooks}  (a POST changes what it names)
 *   GET /admin/summary  →  counts and sums, for drills;  POST /admin/reset  →  forgets every payment.
 *   GET /admin/payments?reference=R  →  the payments made with that reference (amount, account's last 4), for tests.
 * As the register's stand-in, it proves each answer to a challenge with that key.
 */
export type PaymentsServerOptions = {
  /** The key shared with the site at start: the switch takes it, answers are proved with it. */
  key: string
  /** Where webhooks go (the site's /api/payouts/faster-payments/webhook); none are sent without one. */
  webhookUrl?: string
  /** What webhooks are signed with. */
  webhookSecret: string
}

export type Switches = WebhookSwitches & {
  mode: 'up' | 'slow' | 'down'
  /** How long "slow" holds each answer. */
  delayMs: number
  /** Accounts (`sortcode:account`) whose payments are rejected, with this reason. */
  rejectAccounts: string[]
  rejectReason: string
  /** From accepted to its final status. */
  settleMs: number
  /** From settled to returned, for an account whose payments come back. */
  returnMs: number
}

type Payment = {
  id: string
  status: 'accepted' | 'settled' | 'rejected' | 'returned'
  reason: string | null
  amountPence: number
  reference: string
  destination: { sortCode: string; accountNumber: string; name: string }
  createdAt: string
}

const DEFAULTS: Switches = {
  mode: 'up',
  delayMs: 30_000,
  rejectAccounts: [],
  rejectReason: 'AC04 account closed',
  settleMs: 300,
  returnMs: 3_000,
  webhookDelayMs: 0,
  webhookDuplicates: 1,
  dropWebhooks: false,
}

const REFERENCE = /^[A-Za-z0-9 .&/-]{1,18}$/

export function createPaymentsServer(options: PaymentsServerOptions): Server {
  if (!options.key) throw new Error('The payments stand-in needs the key it shares with the site (STAND_IN_KEY).')
  if (!options.webhookSecret) throw new Error('The payments stand-in needs the secret it signs webhooks with.')
  let switches: Switches = { ...DEFAULTS }
  const payments = new Map<string, Payment>()
  const byKey = new Map<string, { hash: string; id: string }>()
  const webhooks = createWebhookQueue({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    switches: () => switches,
  })

  const send = (response: ServerResponse, status: number, body: unknown, challenge?: string) => {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(challenge ? { [PROOF_HEADER]: standInProof(options.key, challenge, text) } : {}),
    })
    response.end(text)
  }
  const answer = (payment: Payment) => ({ id: payment.id, status: payment.status, reason: payment.reason })

  /** The payment's final status after settleMs, and its return later for an account that returns. */
  function settleLater(payment: Payment) {
    const key = accountKey(payment.destination.sortCode, payment.destination.accountNumber)
    const outcome = switches.rejectAccounts.includes(key)
      ? ({ outcome: 'rejected', reason: switches.rejectReason } as const)
      : paymentOutcome(payment.destination.sortCode, payment.destination.accountNumber)
    const returnMs = switches.returnMs
    setTimeout(() => {
      // Forgotten by a reset meanwhile.
      if (payments.get(payment.id) !== payment) return
      payment.status = outcome.outcome === 'rejected' ? 'rejected' : 'settled'
      payment.reason = outcome.outcome === 'rejected' ? outcome.reason : null
      webhooks.push(`payment.${payment.status}`, answer(payment))
      if (outcome.outcome !== 'returned') return
      setTimeout(() => {
        if (payments.get(payment.id) !== payment) return
        payment.status = 'returned'
        payment.reason = outcome.reason
        webhooks.push('payment.returned', answer(payment))
      }, returnMs).unref()
    }, switches.settleMs).unref()
  }

  function createPayment(body: unknown, idempotencyKey: string): [number, unknown] {
    const problems = paymentProblems(body)
    if (problems.length) return [400, { error: 'invalid payment', problems }]
    const request = body as Pick<Payment, 'amountPence' | 'reference' | 'destination'>
    const destination = {
      sortCode: request.destination.sortCode.replace(/\D/g, ''),
      accountNumber: request.destination.accountNumber.replace(/\D/g, ''),
      name: request.destination.name.trim(),
    }
    const hash = createHash('sha256')
      .update(JSON.stringify([request.amountPence, destination, request.reference]))
      .digest('hex')
    const earlier = byKey.get(idempotencyKey)
    if (earlier) {
      if (earlier.hash !== hash) return [409, { error: 'this Idempotency-Key was used for another payment' }]
      return [200, answer(payments.get(earlier.id)!)]
    }
    const payment: Payment = {
      id: `pay_${randomBytes(12).toString('hex')}`,
      status: 'accepted',
      reason: null,
      amountPence: request.amountPence,
      reference: request.reference,
      destination,
      createdAt: new Date().toISOString(),
    }
    payments.set(payment.id, payment)
    byKey.set(idempotencyKey, { hash, id: payment.id })
    settleLater(payment)
    return [201, answer(payment)]
  }

  function summary() {
    const all = [...payments.values()]
    const count = (status: Payment['status']) => all.filter((payment) => payment.status === status)
    const sum = (list: Payment[]) => list.reduce((total, payment) => total + payment.amountPence, 0)
    return {
      payments: all.length,
      accepted: count('accepted').length,
      settled: count('settled').length,
      rejected: count('rejected').length,
      returned: count('returned').length,
      settledPence: sum(count('settled')),
      ...webhooks.counts(),
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const body = await readBody(request)
    if (url.pathname === '/health') return send(response, 200, { ok: true })
    if (url.pathname.startsWith('/admin/')) {
      if (!hasStandInKey(request.headers.authorization, options.key)) {
        return send(response, 401, { error: 'the switch takes the stand-in key' })
      }
      if (url.pathname === '/admin/switches' && request.method === 'POST') {
        const changed = switchesFrom(body)
        if (!changed.ok) return send(response, 400, { error: changed.error })
        switches = { ...switches, ...changed.value }
      }
      if (url.pathname === '/admin/switches') return send(response, 200, switches)
      if (url.pathname === '/admin/summary') return send(response, 200, summary())
      if (url.pathname === '/admin/payments') {
        const reference = url.searchParams.get('reference')
        const made = [...payments.values()].filter((payment) => payment.reference === reference)
        return send(
          response,
          200,
          made.map(({ id, status, amountPence, destination }) => ({
            id,
            status,
            amountPence,
            accountLast4: destination.accountNumber.slice(-4),
          })),
        )
      }
      if (url.pathname === '/admin/reset' && request.method === 'POST') {
        payments.clear()
        byKey.clear()
        webhooks.reset()
        switches = { ...DEFAULTS }
        return send(response, 200, summary())
      }
      return send(response, 404, { error: 'not found' })
    }
    const header = request.headers[CHALLENGE_HEADER]
    const challenge = typeof header === 'string' && /^[0-9a-f]{16,128}$/.test(header) ? header : undefined
    if (switches.mode === 'down') return send(response, 503, { error: 'the provider is unavailable' })
    if (switches.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, switches.delayMs))

    if (url.pathname === '/payments' && request.method === 'POST') {
      const key = request.headers['idempotency-key']
      if (typeof key !== 'string' || !/^[\w.:-]{8,128}$/.test(key)) {
        return send(response, 400, { error: 'an Idempotency-Key header (8 to 128 characters) is required' })
      }
      const [status, answered] = createPayment(body, key)
      return send(response, status, answered, challenge)
    }
    const read = /^\/payments\/([\w-]{1,64})$/.exec(url.pathname)
    if (read && request.method === 'GET') {
      const payment = payments.get(read[1]!)
      if (!payment) return send(response, 404, { error: 'no such payment' }, challenge)
      return send(response, 200, answer(payment), challenge)
    }
    if (url.pathname === '/confirmation-of-payee' && request.method === 'POST') {
      const { sortCode, accountNumber, name } = (body ?? {}) as Record<string, unknown>
      if (typeof sortCode !== 'string' || !/^\d{6}$/.test(sortCode.replace(/-/g, ''))) {
        return send(response, 400, { error: 'sortCode: six digits' })
      }
      if (typeof accountNumber !== 'string' || !/^\d{8}$/.test(accountNumber)) {
        return send(response, 400, { error: 'accountNumber: eight digits' })
      }
      if (typeof name !== 'string' || !name.trim() || name.length > 140) {
        return send(response, 400, { error: 'name: 1 to 140 characters' })
      }
      return send(response, 200, confirmName(sortCode, accountNumber, name), challenge)
    }
    return send(response, 404, { error: 'not found' })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 400, { error: 'bad request' }))
  })
  server.on('close', () => webhooks.reset())
  return server
}

/** What is wrong with a payment's body, as the provider would list it. */
function paymentProblems(body: unknown): string[] {
  const payment = (body ?? {}) as Record<string, unknown>
  const destination = (payment.destination ?? {}) as Record<string, unknown>
  const problems: string[] = []
  const amount = payment.amountPence
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 100_000_000) {
    problems.push('amountPence: a whole number of pence from 1 to 100000000')
  }
  if (payment.currency !== 'GBP') problems.push('currency: GBP')
  if (typeof destination.sortCode !== 'string' || !/^\d{6}$/.test(destination.sortCode.replace(/-/g, ''))) {
    problems.push('destination.sortCode: six digits')
  }
  if (typeof destination.accountNumber !== 'string' || !/^\d{8}$/.test(destination.accountNumber)) {
    problems.push('destination.accountNumber: eight digits')
  }
  if (typeof destination.name !== 'string' || !destination.name.trim() || destination.name.length > 140) {
    problems.push('destination.name: 1 to 140 characters')
  }
  if (typeof payment.reference !== 'string' || !REFERENCE.test(payment.reference)) {
    problems.push('reference: 1 to 18 characters of A-Z, 0-9, space and . & / -')
  }
  return problems
}

const NUMBERS = ['delayMs', 'settleMs', 'returnMs', 'webhookDelayMs', 'webhookDuplicates'] as const

/** The switches a POST names, checked. */
function switchesFrom(body: unknown): { ok: true; value: Partial<Switches> } | { ok: false; error: string } {
  const given = (body ?? {}) as Record<string, unknown>
  const value: Partial<Switches> = {}
  if (given.mode !== undefined) {
    if (given.mode !== 'up' && given.mode !== 'slow' && given.mode !== 'down')
      return { ok: false, error: 'mode: up, slow or down' }
    value.mode = given.mode
  }
  for (const name of NUMBERS) {
    const number = given[name]
    if (number === undefined) continue
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > 600_000) {
      return { ok: false, error: `${name}: a whole number from 0 to 600000` }
    }
    value[name] = number
  }
  if (value.webhookDuplicates === 0)
    return { ok: false, error: 'webhookDuplicates: at least 1 (dropWebhooks sends none)' }
  if (given.rejectAccounts !== undefined) {
    if (
      !Array.isArray(given.rejectAccounts) ||
      !given.rejectAccounts.every((key) => typeof key === 'string' && /^\d{6}:\d{8}$/.test(key))
    ) {
      return { ok: false, error: 'rejectAccounts: a list of "sortcode:account", digits only' }
    }
    value.rejectAccounts = given.rejectAccounts as string[]
  }
  if (given.rejectReason !== undefined) {
    if (typeof given.rejectReason !== 'string' || !given.rejectReason.trim())
      return { ok: false, error: 'rejectReason: words' }
    value.rejectReason = given.rejectReason
  }
  if (given.dropWebhooks !== undefined) {
    if (typeof given.dropWebhooks !== 'boolean') return { ok: false, error: 'dropWebhooks: true or false' }
    value.dropWebhooks = given.dropWebhooks
  }
  return { ok: true, value }
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 16_384) throw new Error('too large')
    chunks.push(chunk as Buffer)
  }
  if (!chunks.length) return null
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}
