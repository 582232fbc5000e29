import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Server } from 'node:http'
import { CHALLENGE_HEADER, hasStandInKey, PROOF_HEADER, standInProof } from '../web/config/stand-in-guard'

/**
 * A local stand-in for the text-message provider (GOV.UK Notify's shape). It sends nothing: it
 * keeps each text in memory.
 *   POST /v2/notifications/sms {phone_number, template_id, personalisation: {body}, reference}
 *        →  201 {id, reference, content: {body, from_number}, template: {id, version, uri}, uri};
 *        a reference it has seen is answered 200 with that first text, and nothing more is sent;
 *        400 for a number that is not a UK mobile, or without words or a reference
 * and a switch for tests and operators, with the key shared at start (`Authorization: Bearer KEY`):
 *   GET  /admin/sent?reference=<reference>  →  {texts: [{id, reference, to, body, at}]} (all without a reference)
 *   POST /admin/mode {"mode": "up" | "down"}  (down: every text is answered 503)
 * Each answer to a request that sends a challenge carries the proof made with the same key
 * (web/config/stand-in-guard.ts), as the carrier's stand-in does.
 */
type Text = { id: string; reference: string; to: string; body: string; at: string }

/** A UK mobile, as the site stores it or in the +44 form. */
const UK_MOBILE = /^(?:\+44\s?|0)7\d{3}\s?\d{6}$/

export function createSmsServer(options: { key: string }): Server {
  if (!options.key) throw new Error('The text-message stand-in needs the key it shares with the site (STAND_IN_KEY).')
  let down = false
  const texts = new Map<string, Text>()

  const send = (response: ServerResponse, status: number, body: unknown, challenge?: string) => {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(challenge ? { [PROOF_HEADER]: standInProof(options.key, challenge, text) } : {}),
    })
    response.end(text)
  }
  const notification = (text: Text) => ({
    id: text.id,
    reference: text.reference,
    content: { body: text.body, from_number: 'HANDBACK' },
    template: { id: 'stand-in', version: 1, uri: '/v2/template/stand-in' },
    uri: `/v2/notifications/${text.id}`,
  })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const body = (await readBody(request)) as Record<string, unknown> | null
    const header = request.headers[CHALLENGE_HEADER]
    const challenge = typeof header === 'string' && /^[0-9a-f]{16,128}$/.test(header) ? header : undefined
    if (url.pathname === '/health') return send(response, 200, { ok: true })
    if (url.pathname.startsWith('/admin/')) {
      if (!hasStandInKey(request.headers.authorization, options.key))
        return send(response, 401, { error: 'the switch takes the stand-in key' })
      if (url.pathname === '/admin/sent' && request.method === 'GET') {
        const reference = url.searchParams.get('reference')
        return send(response, 200, {
          texts: [...texts.values()].filter((text) => reference === null || text.reference === reference),
        })
      }
      if (url.pathname === '/admin/mode' && request.method === 'POST') {
        if (body?.mode !== 'up' && body?.mode !== 'down') return send(response, 400, { error: 'mode: up or down' })
        down = body.mode === 'down'
        return send(response, 200, { down })
      }
      return send(response, 404, { error: 'not found' })
    }
    if (url.pathname === '/v2/notifications/sms' && request.method === 'POST') {
      if (down) return send(response, 503, { errors: [{ error: 'Unavailable', message: 'stand-in down' }] })
      const to = typeof body?.phone_number === 'string' ? body.phone_number.trim() : ''
      const reference = typeof body?.reference === 'string' ? body.reference : ''
      const words = (body?.personalisation as { body?: unknown } | undefined)?.body
      if (!UK_MOBILE.test(to) || !reference || typeof words !== 'string' || !words.trim())
        return send(
          response,
          400,
          { errors: [{ error: 'BadRequestError', message: 'a UK mobile, the words and a reference are needed' }] },
          challenge,
        )
      // The same reference again (a retry after a crash): the first text, not a second.
      const seen = texts.get(reference)
      if (seen) return send(response, 200, notification(seen), challenge)
      const text = { id: randomUUID(), reference, to, body: words, at: new Date().toISOString() }
      texts.set(reference, text)
      return send(response, 201, notification(text), challenge)
    }
    return send(response, 404, { error: 'not found' })
  }

  return createServer((request, response) => {
    handle(request, response).catch(() => send(response, 400, { error: 'bad request' }))
  })
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
