import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Server } from 'node:http'
import { CHALLENGE_HEADER, hasStandInKey, PROOF_HEADER, standInProof } from '../web/config/stand-in-guard'

/**
 * A local stand-in for the text-message provider (Twilio's Messages API shape). It sends nothing:
 * it keeps each text in memory.
 *   POST /2010-04-01/Accounts/<account>/Messages.json  (form-encoded To, From, Body)
 *        →  201 {sid, account_sid, to, from, body, status: "queued", date_created, uri};
 *        400 {code, message, status} for a `To` that is not a UK mobile in E.164 (+447…), or
 *        without a sender or words. Like the real one, it sends again whatever it is sent again.
 * and a switch for tests and operators, with the key shared at start (`Authorization: Bearer KEY`):
 *   GET  /admin/sent  →  {texts: [{sid, to, from, body, at}]}
 *   POST /admin/mode {"mode": "up" | "down"}  (down: every text is answered 503)
 * Each answer to a request that sends a challenge carries the proof made with the same key
 * (web/config/stand-in-guard.ts), as the carrier's stand-in does.
 */
type Text = { sid: string; to: string; from: string; body: string; at: string }

/** A UK mobile in E.164, as the provider takes it. */
const UK_MOBILE = /^\+447\d{9}$/

export function createSmsServer(options: { key: string }): Server {
  if (!options.key) throw new Error('The text-message stand-in needs the key it shares with the site (STAND_IN_KEY).')
  let down = false
  const texts: Text[] = []

  const send = (response: ServerResponse, status: number, body: unknown, challenge?: string) => {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(challenge ? { [PROOF_HEADER]: standInProof(options.key, challenge, text) } : {}),
    })
    response.end(text)
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const raw = await readBody(request)
    const header = request.headers[CHALLENGE_HEADER]
    const challenge = typeof header === 'string' && /^[0-9a-f]{16,128}$/.test(header) ? header : undefined
    if (url.pathname === '/health') return send(response, 200, { ok: true })
    if (url.pathname.startsWith('/admin/')) {
      if (!hasStandInKey(request.headers.authorization, options.key))
        return send(response, 401, { error: 'the switch takes the stand-in key' })
      if (url.pathname === '/admin/sent' && request.method === 'GET') return send(response, 200, { texts })
      if (url.pathname === '/admin/mode' && request.method === 'POST') {
        const mode = raw ? (JSON.parse(raw) as { mode?: unknown }).mode : undefined
        if (mode !== 'up' && mode !== 'down') return send(response, 400, { error: 'mode: up or down' })
        down = mode === 'down'
        return send(response, 200, { down })
      }
      return send(response, 404, { error: 'not found' })
    }
    const messages = /^\/2010-04-01\/Accounts\/([A-Za-z0-9]+)\/Messages\.json$/.exec(url.pathname)
    if (messages && request.method === 'POST') {
      if (down) return send(response, 503, { code: 20503, message: 'stand-in down', status: 503 })
      const form = new URLSearchParams(raw ?? '')
      const to = form.get('To') ?? ''
      const from = form.get('From') ?? ''
      const body = form.get('Body') ?? ''
      if (!UK_MOBILE.test(to) || !from.trim() || !body.trim())
        return send(
          response,
          400,
          { code: 21211, message: 'a UK mobile in E.164, a sender and the words are needed', status: 400 },
          challenge,
        )
      const text = { sid: `SM${randomUUID().replace(/-/g, '')}`, to, from, body, at: new Date().toISOString() }
      texts.push(text)
      return send(
        response,
        201,
        {
          sid: text.sid,
          account_sid: messages[1],
          to,
          from,
          body,
          status: 'queued',
          date_created: new Date(text.at).toUTCString(),
          uri: `/2010-04-01/Accounts/${messages[1]}/Messages/${text.sid}.json`,
        },
        challenge,
      )
    }
    return send(response, 404, { error: 'not found' })
  }

  return createServer((request, response) => {
    handle(request, response).catch(() => send(response, 400, { error: 'bad request' }))
  })
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 16_384) throw new Error('too large')
    chunks.push(chunk as Buffer)
  }
  if (!chunks.length) return null
  return Buffer.concat(chunks).toString('utf8')
}
