import 'server-only'
import { linkOrigin } from '@/mail/link-origin'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import type { Job } from '@/jobs/tick'
import { kickOutbox } from '@/mail/outbox-kick'
import type { Timings } from '@/orders/lifecycle'
import { loadOrderMailContext } from './mail-context'
import { registerClient } from '@/register/client'
import { retryWaitingChecks } from './register-checks'
import { applyRetention } from './retention'
import { applyDueTimers } from './timers'
import { forgetOldPayoutCodes } from './payout-change'

/**
 * The clock's moves, run by the minute job (price holds that ran out, revised offers past their
 * deadline and their reminders, quarantines that ended). They are also applied before any action
 * on an order is judged, so nobody acts on a stale status.
 */

export async function readTimings(): Promise<Timings> {
  const copy = await getOrderCopy()
  return {
    revisedOfferDays: copy.timings.revisedOfferDays,
    reminderDaysBefore: copy.timings.reminderDaysBefore,
    quarantineDays: copy.timings.quarantineDays,
    lapsedOffer: copy.timings.lapsedOffer === 'return' ? 'return' : 'accept',
  }
}

/** Links in e-mails the timer sends start where every e-mail's do (see linkOrigin). */
export async function timerContext(origin = linkOrigin()) {
  const [timings, mail] = await Promise.all([readTimings(), loadOrderMailContext(origin)])
  return { timings, mail }
}

/**
 * The clock's moves for every order due, by one instance at a time (the job's lock), within the
 * minute (timers.ts). Each move is a guarded update besides, so even two runs could not apply one twice.
 */
export async function applyClockMoves(now = new Date()): Promise<number> {
  const { moved } = await applyDueTimers(await getDb(), await timerContext(), now)
  if (moved) kickOutbox()
  return moved
}

export const orderTimersJob: Job = {
  name: 'Order timers',
  lock: 735_120_002,
  run: async () => {
    await applyClockMoves()
    // Codes that confirmed (or were sent to confirm) a change of bank details, a day on.
    await forgetOldPayoutCodes(await getDb())
  },
}

/** Devices whose register check is waiting, asked again every minute (register-checks.ts). */
export const registerChecksJob: Job = {
  name: 'Stolen-device register retries',
  lock: 735_120_010,
  run: async () => {
    const { mail } = await timerContext()
    const done = await retryWaitingChecks(await getDb(), registerClient(), mail)
    if (done.answered || done.flagged) kickOutbox()
  },
}
/**
 * Keeps orders only as long as the privacy policy says, in the periods the Orders document sets
 * (its text reads the same settings): bank details a set number of days after an order ends, the
 * seller's details some years after the tax year the order belongs to.
 */
export async function applyDueRetention(now = new Date()) {
  const [db, copy] = await Promise.all([getDb(), getOrderCopy()])
  const { bankDetailsDays, recordYears } = copy.timings
  return applyRetention(db, { bankDetailsDays, recordYears }, now)
}

export const orderRetentionJob: Job = { name: 'Order retention', lock: 735_120_036, run: () => applyDueRetention() }
