import 'server-only'
import { linkOrigin } from '@/config'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { describeError } from '@/lib/log'
import { getDb, runExclusively } from '@/db/connection'
import { purgeExpiredHits } from '@/db/rate-limit-store'
import { purgeExpiredContactMessages } from '@/contact/retention'
import type { Timings } from '@/orders/lifecycle'
import { deliverDueEmails } from '@/mail/outbox'
import { ordersWithTimers } from '@/orders/orders'
import { loadOrderMailContext } from './mail-context'
import { applyTimers } from './timers'
import { sendPriceAlerts } from '@/subscriptions/price-alerts'
import { purgeUnconfirmed } from '@/subscriptions/store'

/**
 * The work the server does on its own: sending the e-mails the outbox holds (right after the
 * change that wrote them, and again on a timer for retries), and the clock's moves (price holds
 * that ran out, revised offers past their deadline and their reminders, quarantines that ended).
 * The clock's moves are also applied whenever an order is read, so nobody sees a stale status.
 */

const STATE = Symbol.for('handback.orderJobs')
type State = { delivering: Promise<void> | null; again: boolean; timer: NodeJS.Timeout | null }
const state = ((globalThis as typeof globalThis & { [STATE]?: State })[STATE] ??= {
  delivering: null,
  again: false,
  timer: null,
})

/** Sends what is due now, without making the caller wait; a send already running goes round again. */
export function kickOutbox(): void {
  if (state.delivering) {
    state.again = true
    return
  }
  state.delivering = (async () => {
    const [db, settings] = await Promise.all([getDb(), getSiteSettings()])
    do {
      state.again = false
      await deliverDueEmails(db, settings.productName)
    } while (state.again)
  })()
    .catch((error: Error) => console.error(`E-mail outbox: ${describeError(error)}`))
    .finally(() => {
      state.delivering = null
    })
}

/** Waits for the sending in progress, if any: for a graceful shutdown and for tests. */
export async function outboxSettled(): Promise<void> {
  while (state.delivering) await state.delivering
}

export async function readTimings(): Promise<Timings> {
  const copy = await getOrderCopy()
  return {
    revisedOfferDays: copy.timings.revisedOfferDays,
    reminderDaysBefore: copy.timings.reminderDaysBefore,
    quarantineDays: copy.timings.quarantineDays,
    lapsedOffer: copy.timings.lapsedOffer === 'return' ? 'return' : 'accept',
  }
}

// Any constants will do, as long as nothing else in the database uses them for advisory locks.
const ORDER_TIMERS_LOCK = 735_120_002
const RATE_LIMIT_PURGE_LOCK = 735_120_003
const SUBSCRIPTION_PURGE_LOCK = 735_120_006
const CONTACT_PURGE_LOCK = 735_120_005

/**
 * The clock's moves for every order that may owe one, by one instance at a time: every instance
 * ticks, and one that finds the job running elsewhere skips its turn (null). Each move is a guarded
 * update besides, so even two runs could not apply one twice.
 */
export async function runTimers(now = new Date()): Promise<number | null> {
  const changed = await runExclusively(ORDER_TIMERS_LOCK, async () => {
    const db = await getDb()
    const context = await timerContext()
    let count = 0
    for (const id of await ordersWithTimers(db, now)) {
      if (await applyTimers(db, id, context, now)) count++
    }
    return count
  })
  if (changed) kickOutbox()
  return changed
}

/** Links in e-mails the timer sends start where every e-mail's do (see linkOrigin). */
export async function timerContext(origin = linkOrigin()) {
  const [timings, mail] = await Promise.all([readTimings(), loadOrderMailContext(origin)])
  return { timings, mail }
}

const EVERY_MS = 60_000

/** Started once per server process (instrumentation.ts): a minute's rhythm is plenty for days. */
export function startOrderJobs(): void {
  if (state.timer) return
  const tick = () => {
    // Content is read through Next's cache, which exists once the server has served a request.
    if (!(globalThis as { __incrementalCache?: unknown }).__incrementalCache) return
    runTimers()
      .then(() => kickOutbox())
      .then(() => runExclusively(RATE_LIMIT_PURGE_LOCK, async () => purgeExpiredHits(await getDb())))
      .then(() => sendPriceAlerts())
      .then((queued) => queued && kickOutbox())
      .then(() => runExclusively(SUBSCRIPTION_PURGE_LOCK, async () => purgeUnconfirmed(await getDb())))
      // Closed contact messages past the period the Contact inbox document sets.
      .then(() => runExclusively(CONTACT_PURGE_LOCK, () => purgeExpiredContactMessages()))
      .catch((error: Error) => console.error(`Order timers: ${describeError(error)}`))
  }
  state.timer = setInterval(tick, EVERY_MS)
  state.timer.unref()
  setTimeout(tick, 5_000).unref()
}
