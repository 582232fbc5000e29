import { randomBytes } from 'node:crypto'
import {
  AUTH_ALGO,
  STAND_IN_ALGO,
  TRANSMISSION_ID,
  TRANSMISSION_SIG,
  TRANSMISSION_TIME,
  webhookSignature,
} from '../web/payouts/paypal/paypal-signature'
import { EVENT_TYPES, type ItemStatus } from './known-recipients'
import type { Item } from './payout-body'

/**
 * The PayPal stand-in's webhooks: one event per status an item reaches, signed with the shared
 * secret, posted to the site's address. Like PayPal, a delivery that fails is tried again later
 * (here: a few times, a second apart). The switch sends each twice, or keeps them until released.
 */
type Event = { id: string; event_type: string; create_time: string; resource_type: 'payouts_item'; resource: Item }
type Setting = { mode: 'normal' | 'duplicate' | 'held'; delayMs: number; url: string | undefined }

export function createWebhooks(options: { secret: string; url?: string }) {
  let setting: Setting = { mode: 'normal', delayMs: 0, url: options.url }
  const made: { event: Event; delivered: number; tries: number }[] = []
  let held: Event[] = []

  async function deliver(record: { event: Event; delivered: number; tries: number }, copies: number) {
    const body = JSON.stringify(record.event)
    for (let copy = 0; copy < copies; copy++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        record.tries++
        if (await post(body)) {
          record.delivered++
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 1000).unref())
      }
    }
  }

  async function post(body: string): Promise<boolean> {
    if (!setting.url) return false
    // A transmission id of its own each time, as PayPal's retries have: the event's id stays.
    const transmissionId = randomBytes(12).toString('hex')
    const time = new Date().toISOString()
    try {
      const response = await fetch(setting.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TRANSMISSION_ID]: transmissionId,
          [TRANSMISSION_TIME]: time,
          [TRANSMISSION_SIG]: webhookSignature(options.secret, transmissionId, time, body),
          [AUTH_ALGO]: STAND_IN_ALGO,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      })
      return response.ok
    } catch {
      return false
    }
  }

  const send = async (event: Event) => {
    if (setting.delayMs) await new Promise((resolve) => setTimeout(resolve, setting.delayMs).unref())
    const record = made.find((candidate) => candidate.event.id === event.id)!
    await deliver(record, setting.mode === 'duplicate' ? 2 : 1)
  }

  return {
    emit(status: ItemStatus, item: Item) {
      if (status === 'PENDING') return Promise.resolve()
      const event: Event = {
        id: `WH-${randomBytes(10).toString('hex').toUpperCase()}`,
        event_type: EVENT_TYPES[status],
        create_time: new Date().toISOString(),
        resource_type: 'payouts_item',
        resource: item,
      }
      made.push({ event, delivered: 0, tries: 0 })
      if (setting.mode === 'held') {
        held.push(event)
        return Promise.resolve()
      }
      return send(event)
    },
    configure(body: Record<string, unknown>): { ok: true; value: Setting } | { ok: false; error: string } {
      const mode = body.mode ?? setting.mode
      if (!['normal', 'duplicate', 'held'].includes(mode as string))
        return { ok: false, error: 'mode: normal, duplicate or held' }
      if (body.url !== undefined && (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url))) {
        return { ok: false, error: 'url: an http(s) address' }
      }
      setting = {
        mode: mode as Setting['mode'],
        delayMs: Number.isInteger(body.delayMs) ? (body.delayMs as number) : setting.delayMs,
        url: (body.url as string | undefined) ?? setting.url,
      }
      return { ok: true, value: setting }
    },
    async release() {
      const waiting = held
      held = []
      await Promise.all(waiting.map(send))
      return waiting.length
    },
    events: () =>
      made.map(({ event, delivered, tries }) => ({
        id: event.id,
        type: event.event_type,
        item: event.resource.payout_item_id,
        delivered,
        tries,
      })),
  }
}
