import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { CHALLENGE_HEADER, hasStandInKey, PROOF_HEADER, standInProof } from '../web/config/stand-in-guard'
import { isDeviceId } from '../web/register/device-id'
import { colourOf } from './known-devices'

/**
 * A local stand-in for the stolen-device register's due-diligence API (CheckMEND's shape):
 *   POST /duediligence/<IMEI or serial>  →  200 {"certid": "SR…", "result": "green" | "amber" | "red"}
 * and a switch for tests and operators, which takes the key shared at start (`Authorization: Bearer KEY`):
 *   POST /admin/mode {"mode": "up" | "slow" | "down", "devices"?: [...], "delayMs"?: n}
 * "down" answers 503, "slow" waits delayMs (default 30 s) before answering. With `devices`, the
 * mode is for those devices only, so one test's outage never reaches another's; without, for all.
 *   GET /admin/mode  →  the modes;  GET /admin/asked/<device>  →  how often it was asked.
 * Each answer to a check that sends a challenge carries the proof, made with the same key, that it
 * is this stand-in's (web/config/stand-in-guard.ts): the site believes nothing else on this port.
 */
export type Mode = 'up' | 'slow' | 'down'
type Setting = { mode: Mode; delayMs: number }

export function createRegisterServer(options: { key: string }): Server {
  if (!options.key) throw new Error('The register stand-in needs the key it shares with the site (STAND_IN_KEY).')
  let everyone: Setting = { mode: 'up', delayMs: 30_000 }
  const perDevice = new Map<string, Setting>()
  const asked = new Map<string, number>()

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
    const body = await readBody(request)
    if (url.pathname === '/health') return send(response, 200, { ok: true })
    if (url.pathname.startsWith('/admin/') && !hasStandInKey(request.headers.authorization, options.key)) {
      return send(response, 401, { error: 'the switch takes the stand-in key' })
    }
    if (url.pathname === '/admin/mode' && request.method === 'GET') {
      return send(response, 200, { everyone, devices: Object.fromEntries(perDevice) })
    }
    if (url.pathname === '/admin/mode' && request.method === 'POST') {
      const { mode, devices, delayMs } = (body ?? {}) as { mode?: Mode; devices?: string[]; delayMs?: number }
      if (!mode || !['up', 'slow', 'down'].includes(mode))
        return send(response, 400, { error: 'mode: up, slow or down' })
      const setting = { mode, delayMs: Number.isInteger(delayMs) ? delayMs! : 30_000 }
      if (Array.isArray(devices)) {
        for (const device of devices) {
          if (mode === 'up') perDevice.delete(device)
          else perDevice.set(device, setting)
        }
      } else {
        everyone = setting
        perDevice.clear()
      }
      return send(response, 200, { everyone, devices: Object.fromEntries(perDevice) })
    }
    const askedMatch = /^\/admin\/asked\/([^/]+)$/.exec(url.pathname)
    if (askedMatch && request.method === 'GET') {
      return send(response, 200, { asked: asked.get(decodeURIComponent(askedMatch[1]!)) ?? 0 })
    }
    const check = /^\/duediligence\/([^/]+)$/.exec(url.pathname)
    if (check && request.method === 'POST') {
      const header = request.headers[CHALLENGE_HEADER]
      const challenge = typeof header === 'string' && /^[0-9a-f]{16,128}$/.test(header) ? header : undefined
      const deviceId = decodeURIComponent(check[1]!)
      if (!isDeviceId(deviceId)) return send(response, 400, { error: 'not an IMEI or serial number' })
      asked.set(deviceId, (asked.get(deviceId) ?? 0) + 1)
      const setting = perDevice.get(deviceId) ?? everyone
      if (setting.mode === 'down') return send(response, 503, { error: 'the register is unavailable' })
      if (setting.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, setting.delayMs))
      const certid = `SR${String(randomInt(0, 1e10)).padStart(10, '0')}`
      return send(response, 200, { certid, result: colourOf(deviceId), serial: deviceId }, challenge)
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
