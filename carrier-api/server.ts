import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { CHALLENGE_HEADER, hasStandInKey, PROOF_HEADER, standInProof } from '../web/config/stand-in-guard'
import { isTrackingNumber, s10CheckDigit } from '../web/carrier/tracking-number'

/**
 * A local stand-in for the carrier (Royal Mail's shape): tracked returns labels, and the tracking
 * events of each parcel.
 *   POST   /shipping/v1/returns {reference, sender{name, addressLine1, addressLine2?, town, postcode},
 *          declaredValuePence}  →  201 {trackingNumber, insuredPence, label (base64 PDF)}; with an
 *          `Idempotency-Key` header, the same key again gets the same label (422 for another order)
 *   GET    /shipping/v1/returns/<tracking number>/label  →  200 {trackingNumber, label} (the same PDF
 *          again; 404 once cancelled)
 *   DELETE /shipping/v1/returns/<tracking number>  →  200 {cancelled: true}; 409 once it is in the
 *          post (an event was scanned); 404 for a number it never made
 *   GET    /mailpieces/v2/<tracking number>/events  →  200 {mailPieces: {mailPieceId, summary, events}}; the
 *          summary's estimatedDelivery.date is two days after the parcel was accepted, until it is delivered
 * and a switch for tests and operators, with the key shared at start (`Authorization: Bearer KEY`):
 *   POST /admin/mode {"mode": "up" | "down", "keys"?: [reference, tracking number or sender's postcode, ...]}
 *   POST /admin/events/<tracking number> {"code": "EVPPA" | "EVNMC" | "EVDAV", "at"?: ISO time,
 *        "expected"?: the delivery day to give from now on, "2026-12-02"}
 *   POST /admin/lose/<tracking number>  (no event is ever scanned for it again)
 *   GET  /admin/parcels?reference=<reference>  →  the labels made for an order, cancelled or not.
 * Each answer to a request that sends a challenge carries the proof made with the same key
 * (web/config/stand-in-guard.ts), as the register's stand-in does.
 */
export const STAND_IN_EVENTS = {
  EVPPA: { name: 'Item accepted at the Post Office', location: 'Post Office' },
  EVNMC: { name: 'Item received at Royal Mail mail centre', location: 'Mail centre' },
  EVDAV: { name: 'Item delivered', location: 'Delivery office' },
} as const
export type StandInEventCode = keyof typeof STAND_IN_EVENTS

/** What a tracked returns label insures at most: £1,000, in pence. */
export const INSURED_UP_TO_PENCE = 100_000

type Parcel = {
  trackingNumber: string
  reference: string
  insuredPence: number
  cancelled: boolean
  lost: boolean
  events: { code: StandInEventCode; at: Date }[]
  label: Uint8Array
  /** The delivery day a test or operator set with a scan, instead of two days after acceptance. */
  expectedOn?: string
}

export function createCarrierServer(options: { key: string }): Server {
  if (!options.key) throw new Error('The carrier stand-in needs the key it shares with the site (STAND_IN_KEY).')
  let everyoneDown = false
  const down = new Set<string>()
  const parcels = new Map<string, Parcel>()
  // Idempotency-Key → the tracking number its first request made.
  const asked = new Map<string, string>()

  const send = (response: ServerResponse, status: number, body: unknown, challenge?: string) => {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(challenge ? { [PROOF_HEADER]: standInProof(options.key, challenge, text) } : {}),
    })
    response.end(text)
  }
  const isDown = (...keys: string[]) => everyoneDown || keys.some((key) => down.has(key))

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const body = (await readBody(request)) as Record<string, unknown> | null
    const header = request.headers[CHALLENGE_HEADER]
    const challenge = typeof header === 'string' && /^[0-9a-f]{16,128}$/.test(header) ? header : undefined
    if (url.pathname === '/health') return send(response, 200, { ok: true })
    if (url.pathname.startsWith('/admin/')) {
      if (!hasStandInKey(request.headers.authorization, options.key))
        return send(response, 401, { error: 'the switch takes the stand-in key' })
      return admin(url, request.method ?? 'GET', body, response)
    }

    if (url.pathname === '/shipping/v1/returns' && request.method === 'POST') {
      const reference = typeof body?.reference === 'string' ? body.reference : ''
      const sender = (body?.sender ?? {}) as Record<string, unknown>
      const declared = body?.declaredValuePence
      if (!/^[A-Z0-9-]{4,32}$/.test(reference) || typeof sender.postcode !== 'string' || !sender.postcode.trim())
        return send(response, 400, { error: 'a reference and the sender’s postcode are needed' })
      if (!Number.isInteger(declared) || (declared as number) < 0)
        return send(response, 400, { error: 'declaredValuePence: a whole number of pence' })
      // Down for this order, or for parcels from this postcode (a test knows it before the reference).
      if (isDown(reference, sender.postcode.replace(/\s+/g, ' ').trim().toUpperCase()))
        return send(response, 503, { error: 'the carrier is unavailable' })
      const keyHeader = request.headers['idempotency-key']
      const key = typeof keyHeader === 'string' && keyHeader.length <= 255 ? keyHeader : undefined
      const before = key === undefined ? undefined : parcels.get(asked.get(key) ?? '')
      if (before && before.reference !== reference)
        return send(response, 422, { error: 'this Idempotency-Key was used for another order' })
      if (before)
        return send(
          response,
          201,
          {
            trackingNumber: before.trackingNumber,
            insuredPence: before.insuredPence,
            label: Buffer.from(before.label).toString('base64'),
          },
          challenge,
        )
      const trackingNumber = newTrackingNumber(parcels)
      const insuredPence = Math.min(declared as number, INSURED_UP_TO_PENCE)
      const label = await labelPdf(trackingNumber, reference)
      parcels.set(trackingNumber, {
        trackingNumber,
        reference,
        insuredPence,
        cancelled: false,
        lost: false,
        events: [],
        label,
      })
      if (key !== undefined) asked.set(key, trackingNumber)
      return send(
        response,
        201,
        { trackingNumber, insuredPence, label: Buffer.from(label).toString('base64') },
        challenge,
      )
    }

    const reprint = /^\/shipping\/v1\/returns\/([A-Z0-9]+)\/label$/.exec(url.pathname)
    if (reprint && request.method === 'GET') {
      const parcel = parcels.get(reprint[1]!)
      if (!parcel || parcel.cancelled) return send(response, 404, { error: 'no such label' })
      if (isDown(parcel.reference, parcel.trackingNumber))
        return send(response, 503, { error: 'the carrier is unavailable' })
      return send(
        response,
        200,
        { trackingNumber: parcel.trackingNumber, label: Buffer.from(parcel.label).toString('base64') },
        challenge,
      )
    }

    const cancel = /^\/shipping\/v1\/returns\/([A-Z0-9]+)$/.exec(url.pathname)
    if (cancel && request.method === 'DELETE') {
      const parcel = parcels.get(cancel[1]!)
      if (!parcel) return send(response, 404, { error: 'no such label' })
      if (isDown(parcel.reference, parcel.trackingNumber))
        return send(response, 503, { error: 'the carrier is unavailable' })
      if (parcel.events.length) return send(response, 409, { error: 'the parcel is in the post already' })
      parcel.cancelled = true
      return send(response, 200, { cancelled: true, trackingNumber: parcel.trackingNumber }, challenge)
    }

    const track = /^\/mailpieces\/v2\/([A-Z0-9]+)\/events$/.exec(url.pathname)
    if (track && request.method === 'GET') {
      const parcel = parcels.get(track[1]!)
      if (!parcel)
        return send(
          response,
          404,
          { errors: [{ errorCode: 'E1142', errorDescription: 'Barcode reference is not recognised' }] },
          challenge,
        )
      if (isDown(parcel.reference, parcel.trackingNumber))
        return send(response, 503, { error: 'the carrier is unavailable' })
      const accepted = parcel.events.find((event) => event.code === 'EVPPA')
      const events = [...parcel.events]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map(({ code, at }) => ({
          eventCode: code,
          eventName: STAND_IN_EVENTS[code].name,
          eventDateTime: at.toISOString(),
          locationName: STAND_IN_EVENTS[code].location,
        }))
      return send(
        response,
        200,
        {
          mailPieces: {
            mailPieceId: parcel.trackingNumber,
            carrierShortName: 'RM',
            summary: {
              oneDBarcode: parcel.trackingNumber,
              lastEventCode: events[0]?.eventCode ?? null,
              lastEventDateTime: events[0]?.eventDateTime ?? null,
              // Once handed in and until delivered: two days after it was accepted.
              ...(accepted && !parcel.events.some((event) => event.code === 'EVDAV')
                ? {
                    estimatedDelivery: {
                      date:
                        parcel.expectedOn ??
                        new Date(accepted.at.getTime() + 2 * 86_400_000).toISOString().slice(0, 10),
                    },
                  }
                : {}),
            },
            events,
          },
        },
        challenge,
      )
    }
    return send(response, 404, { error: 'not found' })
  }

  function admin(url: URL, method: string, body: Record<string, unknown> | null, response: ServerResponse) {
    if (url.pathname === '/admin/mode' && method === 'POST') {
      const mode = body?.mode
      if (mode !== 'up' && mode !== 'down') return send(response, 400, { error: 'mode: up or down' })
      const keys = Array.isArray(body?.keys) ? body.keys.filter((key): key is string => typeof key === 'string') : null
      if (keys) {
        for (const key of keys) {
          if (mode === 'down') down.add(key)
          else down.delete(key)
        }
      } else {
        everyoneDown = mode === 'down'
        down.clear()
      }
      return send(response, 200, { everyoneDown, down: [...down] })
    }
    const event = /^\/admin\/events\/([A-Z0-9]+)$/.exec(url.pathname)
    if (event && method === 'POST') {
      const parcel = parcels.get(event[1]!)
      const code = body?.code
      if (!parcel) return send(response, 404, { error: 'no such parcel' })
      if (typeof code !== 'string' || !(code in STAND_IN_EVENTS))
        return send(response, 400, { error: `code: one of ${Object.keys(STAND_IN_EVENTS).join(', ')}` })
      if (parcel.cancelled || parcel.lost)
        return send(response, 409, { error: 'cancelled or lost: nothing is scanned' })
      const at = typeof body?.at === 'string' && !Number.isNaN(Date.parse(body.at)) ? new Date(body.at) : new Date()
      parcel.events.push({ code: code as StandInEventCode, at })
      if (typeof body?.expected === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.expected))
        parcel.expectedOn = body.expected
      return send(response, 200, { events: parcel.events.length })
    }
    const lose = /^\/admin\/lose\/([A-Z0-9]+)$/.exec(url.pathname)
    if (lose && method === 'POST') {
      const parcel = parcels.get(lose[1]!)
      if (!parcel) return send(response, 404, { error: 'no such parcel' })
      parcel.lost = true
      return send(response, 200, { lost: true })
    }
    if (url.pathname === '/admin/parcels' && method === 'GET') {
      const reference = url.searchParams.get('reference')
      const found = [...parcels.values()].filter((parcel) => parcel.reference === reference)
      return send(response, 200, {
        parcels: found.map(({ trackingNumber, insuredPence, cancelled, lost, events }) => ({
          trackingNumber,
          insuredPence,
          cancelled,
          lost,
          events: events.length,
        })),
      })
    }
    return send(response, 404, { error: 'not found' })
  }

  return createServer((request, response) => {
    handle(request, response).catch(() => send(response, 400, { error: 'bad request' }))
  })
}

/** A new number in the UPU S10 form Royal Mail's tracked items carry: two letters, 8 digits, a check digit, GB. */
function newTrackingNumber(taken: Map<string, Parcel>): string {
  for (;;) {
    const serial = String(randomInt(0, 1e8)).padStart(8, '0')
    const number = `RT${serial}${s10CheckDigit(serial)}GB`
    if (!taken.has(number) && isTrackingNumber(number)) return number
  }
}

/** The stand-in's label: the tracking number and the order's reference, marked as a stand-in's. */
async function labelPdf(trackingNumber: string, reference: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Tracked returns label ${trackingNumber}`)
  pdf.setCreationDate(new Date(0))
  pdf.setModificationDate(new Date(0))
  const font = await pdf.embedFont(StandardFonts.HelveticaBold)
  // A6, the size of a carrier's label.
  const page = pdf.addPage([297.64, 419.53])
  page.drawText('Tracked Returns', { x: 24, y: 380, size: 16, font })
  page.drawText(trackingNumber, { x: 24, y: 340, size: 20, font })
  page.drawText(reference, { x: 24, y: 310, size: 12, font })
  page.drawText('Carrier stand-in: not for posting', { x: 24, y: 24, size: 9, font })
  return pdf.save()
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
