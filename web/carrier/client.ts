import 'server-only'
import { randomBytes } from 'node:crypto'
import { carrierSettings, type CarrierSettings } from '@/config'
import { CHALLENGE_HEADER, PROOF_HEADER, provedByStandIn } from '@/config/stand-in-guard'
import { describeError } from '@/lib/log'
import { isTrackingNumber } from './tracking-number'

/**
 * The carrier, behind one interface, in the shape of Royal Mail's APIs: a tracked returns label for
 * an order (its tracking number, the insurance it gives and the PDF), cancelling one that was never
 * posted, and a parcel's tracking events. Each answer the site cannot use is "unavailable": the
 * order is placed all the same and the job asks again later.
 */
export type ReturnLabel = { trackingNumber: string; insuredPence: number; pdf: Uint8Array }
export type TrackingEvent = { code: string; name: string; at: Date; location: string | null }

export type Unavailable = { ok: false; reason: 'unavailable' }
export type Carrier = {
  /**
   * A label for the order. The same `idempotencyKey` asked again (after this process died before
   * keeping the answer) gets the same label back, not a second one.
   */
  createReturnLabel(
    request: {
      reference: string
      sender: { name: string; addressLine1: string; addressLine2: string | null; town: string; postcode: string }
      declaredValuePence: number
    },
    idempotencyKey: string,
  ): Promise<{ ok: true; label: ReturnLabel } | Unavailable>
  /** The label's PDF again, for the seller's link: labels are not stored here (the carrier keeps them). */
  labelPdf(
    trackingNumber: string,
  ): Promise<{ ok: true; pdf: Uint8Array } | { ok: false; reason: 'unknown' } | Unavailable>
  /** Cancels a label never posted; `posted` when the parcel is in the post already (it stays valid). */
  cancelLabel(trackingNumber: string): Promise<{ ok: true } | { ok: false; reason: 'posted' | 'unknown' } | Unavailable>
  /**
   * A parcel's events, oldest first, and the day the carrier expects to deliver it ("2026-12-02"),
   * while it has one; `unknown` for a number the carrier never made.
   */
  events(
    trackingNumber: string,
  ): Promise<
    { ok: true; events: TrackingEvent[]; expectedOn: string | null } | { ok: false; reason: 'unknown' } | Unavailable
  >
}

const UNAVAILABLE: Unavailable = { ok: false, reason: 'unavailable' }

export function carrierClient(settings: CarrierSettings = carrierSettings()): Carrier {
  const standIn = settings.standInKey !== null

  /** One call: the body read and, for the stand-in, proved; null when nothing usable came back. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; json: unknown } | null> {
    const challenge = randomBytes(16).toString('hex')
    try {
      const response = await fetch(`${settings.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          ...(standIn ? { [CHALLENGE_HEADER]: challenge } : {}),
          ...(!standIn && settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
        cache: 'no-store',
      })
      const text = await response.text()
      if (response.status >= 500) {
        console.error(`Carrier answered ${response.status}`)
        return null
      }
      if (
        standIn &&
        response.status < 300 &&
        !provedByStandIn(settings.standInKey!, challenge, text, response.headers.get(PROOF_HEADER))
      ) {
        console.error("Carrier: the answer on the stand-in's address is not our stand-in's")
        return null
      }
      return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null }
    } catch (error) {
      // Never the seller's address or the number: only the kind of failure.
      console.error(`Carrier unreachable: ${describeError(error)}`)
      return null
    }
  }

  return {
    async createReturnLabel(request, idempotencyKey) {
      const answer = await call('POST', '/shipping/v1/returns', request, idempotencyKey)
      if (!answer || answer.status !== 201) return UNAVAILABLE
      const body = answer.json as { trackingNumber?: unknown; insuredPence?: unknown; label?: unknown }
      if (
        typeof body.trackingNumber !== 'string' ||
        !isTrackingNumber(body.trackingNumber) ||
        !Number.isInteger(body.insuredPence) ||
        typeof body.label !== 'string'
      ) {
        console.error('Carrier: a label without a tracking number, insurance or PDF')
        return UNAVAILABLE
      }
      const pdf = pdfOf(body.label)
      if (!pdf) return UNAVAILABLE
      return {
        ok: true,
        label: { trackingNumber: body.trackingNumber, insuredPence: body.insuredPence as number, pdf },
      }
    },

    async labelPdf(trackingNumber) {
      if (!isTrackingNumber(trackingNumber)) return { ok: false, reason: 'unknown' }
      const answer = await call('GET', `/shipping/v1/returns/${trackingNumber}/label`)
      if (!answer) return UNAVAILABLE
      if (answer.status === 404) return { ok: false, reason: 'unknown' }
      const pdf = answer.status === 200 ? pdfOf((answer.json as { label?: unknown }).label) : null
      return pdf ? { ok: true, pdf } : UNAVAILABLE
    },

    async cancelLabel(trackingNumber) {
      if (!isTrackingNumber(trackingNumber)) return { ok: false, reason: 'unknown' }
      const answer = await call('DELETE', `/shipping/v1/returns/${trackingNumber}`)
      if (!answer) return UNAVAILABLE
      if (answer.status === 200) return { ok: true }
      if (answer.status === 409) return { ok: false, reason: 'posted' }
      if (answer.status === 404) return { ok: false, reason: 'unknown' }
      return UNAVAILABLE
    },

    async events(trackingNumber) {
      if (!isTrackingNumber(trackingNumber)) return { ok: false, reason: 'unknown' }
      const answer = await call('GET', `/mailpieces/v2/${trackingNumber}/events`)
      if (!answer) return UNAVAILABLE
      if (answer.status === 404) return { ok: false, reason: 'unknown' }
      if (answer.status !== 200) return UNAVAILABLE
      const piece = (answer.json as { mailPieces?: { events?: unknown; summary?: Record<string, unknown> } }).mailPieces
      const listed = piece?.events
      const estimate = (piece?.summary?.estimatedDelivery as { date?: unknown } | undefined)?.date
      const expectedOn = typeof estimate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(estimate) ? estimate : null
      if (!Array.isArray(listed)) return UNAVAILABLE
      const events: TrackingEvent[] = []
      for (const event of listed as Record<string, unknown>[]) {
        const at = typeof event.eventDateTime === 'string' ? new Date(event.eventDateTime) : null
        if (typeof event.eventCode !== 'string' || !at || Number.isNaN(at.getTime())) continue
        events.push({
          code: event.eventCode,
          name: typeof event.eventName === 'string' ? event.eventName : event.eventCode,
          at,
          location: typeof event.locationName === 'string' ? event.locationName : null,
        })
      }
      return { ok: true, events: events.sort((a, b) => a.at.getTime() - b.at.getTime()), expectedOn }
    },
  }
}

/** A label's base64 PDF as bytes; null, logged, when it is not a PDF. */
function pdfOf(label: unknown): Uint8Array | null {
  const pdf = typeof label === 'string' ? Buffer.from(label, 'base64') : null
  if (!pdf || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
    console.error('Carrier: the label is not a PDF')
    return null
  }
  return pdf
}
