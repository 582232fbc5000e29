import { createHmac, randomBytes } from 'node:crypto'

/**
 * The payments stand-in's webhooks: each event signed (HMAC-SHA256 over the timestamp and the
 * body, in a `Payments-Signature: t=…,v1=…` header), posted to the site a few at a time and tried
 * again, with growing waits, until the site answers 2xx (as providers do: a site that was down
 * hears every event once it is back). The switches delay them, send each several times, or drop
 * them all, so the site must read its payments back.
 */
export type WebhookSwitches = {
  /** Held this long before the first try. */
  webhookDelayMs: number
  /** Each event sent this many times (a provider that delivers twice). */
  webhookDuplicates: number
  /** None sent at all: the site learns the outcome only by reading the payment back. */
  dropWebhooks: boolean
}

export const SIGNATURE_HEADER = 'payments-signature'

/** The signature header a webhook carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, body: string, seconds = Math.floor(Date.now() / 1000)): string {
  return `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`
}

type Delivery = { body: string; tries: number; duplicate: boolean }

const CONCURRENCY = 8
const MAX_TRIES = 12

export function createWebhookQueue(options: { url?: string; secret: string; switches: () => WebhookSwitches }) {
  const waiting: Delivery[] = []
  const timers = new Set<NodeJS.Timeout>()
  let inFlight = 0
  let generation = 0
  const counted = { webhooksSent: 0, webhooksDelivered: 0, duplicatesSent: 0, webhooksDropped: 0, webhooksFailed: 0 }

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      run()
    }, ms)
    timer.unref()
    timers.add(timer)
  }

  function pump() {
    while (inFlight < CONCURRENCY && waiting.length) {
      const delivery = waiting.shift()!
      inFlight++
      const mine = generation
      deliver(delivery).finally(() => {
        if (mine !== generation) return
        inFlight--
        pump()
      })
    }
  }

  async function deliver(delivery: Delivery) {
    counted.webhooksSent++
    if (delivery.duplicate) counted.duplicatesSent++
    try {
      const response = await fetch(options.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(options.secret, delivery.body) },
        body: delivery.body,
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer().catch(() => {})
      if (response.ok) {
        counted.webhooksDelivered++
        return
      }
    } catch {
      // Not reachable (the site restarting): tried again below.
    }
    if (++delivery.tries >= MAX_TRIES) {
      counted.webhooksFailed++
      return
    }
    // 0.5 s, 1 s, 2 s … up to 30 s between tries.
    const mine = generation
    later(Math.min(30_000, 250 * 2 ** delivery.tries), () => {
      if (mine !== generation) return
      waiting.push(delivery)
      pump()
    })
  }

  return {
    /** Queues the event for `payment` (after the switches' delay, as many times as they say). */
    push(type: string, payment: { id: string; status: string; reason: string | null }) {
      const switches = options.switches()
      if (!options.url || switches.dropWebhooks) {
        counted.webhooksDropped++
        return
      }
      const event = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        type,
        created: new Date().toISOString(),
        data: payment,
      }
      const body = JSON.stringify(event)
      const mine = generation
      later(switches.webhookDelayMs, () => {
        if (mine !== generation) return
        for (let copy = 0; copy < switches.webhookDuplicates; copy++) {
          waiting.push({ body, tries: 0, duplicate: copy > 0 })
        }
        pump()
      })
    },
    counts: () => ({ ...counted, webhooksWaiting: waiting.length + inFlight }),
    /** Forgets everything queued (a reset, or the server closing). */
    reset() {
      generation++
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      waiting.length = 0
      inFlight = 0
      for (const key of Object.keys(counted) as (keyof typeof counted)[]) counted[key] = 0
    },
  }
}
