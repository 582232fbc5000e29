import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { CHALLENGE_HEADER, hasStandInKey, PROOF_HEADER, standInProof } from '../web/config/stand-in-guard'
import { parsePayout, type Item } from './payout-body'
import { createWebhooks } from './webhooks'
import { stepsFor } from './known-recipients'

/**
 * A local stand-in for PayPal Payouts (its REST shape):
 *   POST /v1/oauth2/token (Basic client id:secret, grant_type=client_credentials) → a bearer token
 *   POST /v1/payments/payouts {sender_batch_header: {sender_batch_id}, items: [{receiver, amount:
 *     {value: "12.34", currency: "GBP"}, sender_item_id, note}]} → 201, the batch and its items, PENDING.
 *     The same sender_batch_id answers the first batch again (and pays nothing more); the same id
 *     with a different batch is refused (422).
 *   GET /v1/payments/payouts/<batch id>, GET /v1/payments/payouts-item/<item id> → read back.
 * Then each item moves on, its receiver choosing how (known-recipients.ts), with a signed webhook
 * per step to the site's address (given at start, or by the switch). The switch, which takes the key
 * shared at start (`Authorization: Bearer KEY`):
 *   POST /admin/mode {"mode": "up" | "slow" | "down", "delayMs"?}: answers 503, or late
 *   POST /admin/webhooks {"mode": "normal" | "duplicate" | "held", "delayMs"?, "url"?}: each webhook
 *     sent twice, or kept until POST /admin/webhooks/release; `url` is where they go
 *   GET /admin/events: every webhook made, and how often each was delivered
 *   GET /admin/batches/<sender_batch_id>: how many times a batch with that id was asked for, and made
 * Each answer to a request that sends a challenge carries the proof made with the key, as the register's does.
 */
export type PaypalStandInOptions = {
  key: string
  clientId: string
  clientSecret: string
  webhookSecret: string
  webhookUrl?: string
  /** How long each item waits before its next status (ms). */
  stepMs?: number
}
type Mode = { mode: 'up' | 'slow' | 'down'; delayMs: number }

export function createPaypalServer(options: PaypalStandInOptions): Server {
  if (!options.key) throw new Error('The PayPal stand-in needs the key it shares with the site (STAND_IN_KEY).')
  const stepMs = options.stepMs ?? 200
  let mode: Mode = { mode: 'up', delayMs: 30_000 }
  const tokens = new Set<string>()
  const batches = new Map<string, { fingerprint: string; batchId: string; asked: number }>()
  const items = new Map<string, Item>()
  const webhooks = createWebhooks({ secret: options.webhookSecret, url: options.webhookUrl })

  const send = (response: ServerResponse, status: number, body: unknown, challenge?: string) => {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(challenge ? { [PROOF_HEADER]: standInProof(options.key, challenge, text) } : {}),
    })
    response.end(text)
  }
  const batchOf = (batchId: string) => {
    const found = [...batches.entries()].find(([, batch]) => batch.batchId === batchId)
    if (!found) return null
    const [senderBatchId] = found
    const its = [...items.values()].filter((item) => item.payout_batch_id === batchId)
    return {
      batch_header: {
        payout_batch_id: batchId,
        batch_status: its.every((item) => item.transaction_status === 'PENDING') ? 'PENDING' : 'PROCESSING',
        sender_batch_header: { sender_batch_id: senderBatchId },
      },
      items: its,
    }
  }

  /** Moves an item through its receiver's steps, one webhook per step. */
  function progress(item: Item) {
    const { steps, error } = stepsFor(item.payout_item.receiver)
    steps.forEach((status, index) => {
      setTimeout(
        () => {
          item.transaction_status = status
          item.time_processed = new Date().toISOString()
          if (error && (status === 'FAILED' || status === 'BLOCKED')) item.errors = { name: error, message: error }
          void webhooks.emit(status, structuredClone(item))
        },
        stepMs * (index + 1),
      ).unref()
    })
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const raw = await readBody(request)
    const header = request.headers[CHALLENGE_HEADER]
    const challenge = typeof header === 'string' && /^[0-9a-f]{16,128}$/.test(header) ? header : undefined
    const answer = (status: number, body: unknown) => send(response, status, body, challenge)
    if (url.pathname === '/health') return send(response, 200, { ok: true })

    if (url.pathname.startsWith('/admin/')) {
      if (!hasStandInKey(request.headers.authorization, options.key)) {
        return send(response, 401, { error: 'the switch takes the stand-in key' })
      }
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>
      if (url.pathname === '/admin/mode' && request.method === 'POST') {
        if (!['up', 'slow', 'down'].includes(body.mode as string))
          return send(response, 400, { error: 'mode: up, slow or down' })
        mode = {
          mode: body.mode as Mode['mode'],
          delayMs: Number.isInteger(body.delayMs) ? (body.delayMs as number) : 30_000,
        }
        return send(response, 200, mode)
      }
      if (url.pathname === '/admin/webhooks' && request.method === 'POST') {
        const set = webhooks.configure(body)
        return set.ok ? send(response, 200, set.value) : send(response, 400, { error: set.error })
      }
      if (url.pathname === '/admin/webhooks/release' && request.method === 'POST') {
        return send(response, 200, { released: await webhooks.release() })
      }
      if (url.pathname === '/admin/events' && request.method === 'GET') return send(response, 200, webhooks.events())
      const asked = /^\/admin\/batches\/([^/]+)$/.exec(url.pathname)
      if (asked && request.method === 'GET') {
        const batch = batches.get(decodeURIComponent(asked[1]!))
        return send(response, 200, { asked: batch?.asked ?? 0, made: batch ? 1 : 0 })
      }
      return send(response, 404, { error: 'not found' })
    }

    if (mode.mode === 'down') return answer(503, { name: 'SERVICE_UNAVAILABLE', message: 'stand-in down' })
    if (mode.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, mode.delayMs).unref())

    if (url.pathname === '/v1/oauth2/token' && request.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`
      if (!sameText(request.headers.authorization, expected)) {
        return answer(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        return answer(400, { error: 'unsupported_grant_type' })
      }
      const token = randomBytes(24).toString('base64url')
      tokens.add(token)
      return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 32_400, app_id: options.clientId })
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (!bearer || !tokens.has(bearer)) {
      return answer(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid token' })
    }

    if (url.pathname === '/v1/payments/payouts' && request.method === 'POST') {
      const parsed = parsePayout(raw)
      if (!parsed.ok)
        return answer(400, { name: 'VALIDATION_ERROR', message: 'Invalid request', details: parsed.details })
      const { senderBatchId, items: asked } = parsed.value
      const fingerprint = createHash('sha256').update(JSON.stringify(asked)).digest('hex')
      const known = batches.get(senderBatchId)
      if (known) {
        known.asked++
        if (known.fingerprint !== fingerprint) {
          return answer(422, {
            name: 'DUPLICATE_REQUEST_ID',
            message: 'A batch with this sender_batch_id was already made, with other items.',
          })
        }
        return answer(201, batchOf(known.batchId))
      }
      const batchId = `PB${randomBytes(8).toString('hex').toUpperCase()}`
      batches.set(senderBatchId, { fingerprint, batchId, asked: 1 })
      for (const one of asked) {
        const item: Item = {
          payout_item_id: `PI${randomBytes(8).toString('hex').toUpperCase()}`,
          transaction_status: 'PENDING',
          payout_batch_id: batchId,
          sender_batch_id: senderBatchId,
          payout_item: one,
          time_processed: null,
        }
        items.set(item.payout_item_id, item)
        progress(item)
      }
      return answer(201, batchOf(batchId))
    }
    const batch = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(url.pathname)
    if (batch && request.method === 'GET') {
      const found = batchOf(decodeURIComponent(batch[1]!))
      return found ? answer(200, found) : answer(404, { name: 'INVALID_RESOURCE_ID', message: 'no such batch' })
    }
    const item = /^\/v1\/payments\/payouts-item\/([^/]+)$/.exec(url.pathname)
    if (item && request.method === 'GET') {
      const found = items.get(decodeURIComponent(item[1]!))
      return found ? answer(200, found) : answer(404, { name: 'INVALID_RESOURCE_ID', message: 'no such item' })
    }
    return answer(404, { name: 'NOT_FOUND', message: 'not found' })
  }

  return createServer((request, response) => {
    handle(request, response).catch(() => send(response, 400, { name: 'MALFORMED_REQUEST', message: 'bad request' }))
  })
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 1_000_000) throw new Error('too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function sameText(given: string | undefined, expected: string) {
  const a = Buffer.from(given ?? '')
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
