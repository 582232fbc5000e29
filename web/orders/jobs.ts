import 'server-only'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import type { Job } from '@/jobs/tick'
import { kickOutbox } from '@/mail/outbox-kick'
import { registerClient } from '@/register/client'
import { retryWaitingChecks } from './moves/register-checks'
import { applyRetention } from './moves/retention'
import { applyIdentityRetention } from './identity/identity-retention'
import { applyDueTimers } from './moves/timers'
import { timerContext } from './moves/timings'
import { forgetOldPayoutCodes } from './payout-change/payout-change'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'
import { payoutJobSettings, type PayoutJobSettings } from '@/config/index'
import { payDue, type PayoutPass } from './payments/payout-job'
import { isWorkingDay, londonDay, nextWorkingDay, type BusinessCalendar } from './record/working-days'
import { payoutContext } from './payments/payout-context'
import { lockContext } from './lock-hold/lock-context'
import { applyLockDeadlines } from './locks/lock-store'

/**
 * The orders' minute jobs: the clock's moves (price holds that ran out, revised offers past their
 * deadline and their reminders, quarantines that ended; also applied before any action on an order
 * is judged, so nobody acts on a stale status), register checks that wait, and retention.
 */

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
  lock: ADVISORY_LOCKS.orderTimers,
  run: async () => {
    await applyClockMoves()
    // Codes that confirmed (or were sent to confirm) a change of bank details, a day on.
    await forgetOldPayoutCodes(await getDb())
  },
}

/** Devices whose register check is waiting, asked again every minute (register-checks.ts). */
export const registerChecksJob: Job = {
  name: 'Stolen-device register retries',
  lock: ADVISORY_LOCKS.registerRetries,
  run: async () => {
    const { mail } = await timerContext()
    const done = await retryWaitingChecks(await getDb(), registerClient(), mail)
    if (done.answered || done.flagged) kickOutbox()
  },
}
/**
 * Activation-lock holds (locks/lock-store.ts): the reminder a working day before the deadline, and
 * past it the device sent back free. One instance at a time; each step is guarded besides.
 */
export const lockHoldsJob: Job = {
  name: 'Activation-lock holds',
  lock: ADVISORY_LOCKS.lockHolds,
  run: async () => {
    const done = await applyLockDeadlines(await getDb(), await lockContext())
    if (done.reminded || done.returned) kickOutbox()
  },
}

/**
 * Keeps orders only as long as the privacy policy says, in the periods the Orders document sets
 * (its text reads the same settings): bank details a set number of days after an order ends, the
 * seller's details some years after the tax year the order belongs to, and an identity photo nobody
 * checked some days after it was sent (or when its order ends).
 */
export async function applyDueRetention(now = new Date()) {
  const [db, copy] = await Promise.all([getDb(), getOrderCopy()])
  const { bankDetailsDays, identityPhotoDays, recordYears } = copy.timings
  // No unchecked photo outlives its days, so an order reduced to its record years later holds none.
  const identityPhotos = await applyIdentityRetention(db, now, identityPhotoDays)
  return { ...(await applyRetention(db, { bankDetailsDays, recordYears }, now)), identityPhotos }
}

export const orderRetentionJob: Job = {
  name: 'Order retention',
  lock: ADVISORY_LOCKS.orderRetention,
  run: () => applyDueRetention(),
}

/**
 * Payments through the payers: unknown outcomes asked about, and at the cut-off on a working day,
 * everything due sent (payments/payout-job.ts). One instance at a time; each payment's key and
 * guarded updates make even two runs pay once.
 */
// Read once, at the first tick: PAYOUT_CLOCK's moment is the process's start.
let jobSettings: PayoutJobSettings | undefined

export const payoutJob: Job = {
  name: 'Payouts',
  lock: ADVISORY_LOCKS.payouts,
  run: async () => {
    const { enabled, clockOffsetMs } = (jobSettings ??= payoutJobSettings())
    if (!enabled) return
    const now = new Date(Date.now() + clockOffsetMs)
    const context = await payoutContext()
    const pass = await payDue(await getDb(), { ...context, now })
    if (pass.sent || pass.asked) kickOutbox()
    logPass(pass, londonDay(now), context.calendar)
  },
}

// The day a closed day was last logged for, so the log says it once a day, not every minute.
let closedDayLogged: string | undefined

/** What operators read in the log: counts and days only, never a seller or an amount of theirs. */
function logPass(pass: PayoutPass, day: string, calendar: BusinessCalendar) {
  if (!isWorkingDay(day, calendar) && closedDayLogged !== day) {
    closedDayLogged = day
    console.info(
      `Payouts: ${day} is not a working day; what is due is paid at ${nextWorkingDay(day, calendar)}'s cut-off.`,
    )
  }
  if (pass.sent) console.info(`Payouts: ${pass.sent} sent at ${day}'s cut-off.`)
  if (pass.waitingApproval)
    console.info(`Payouts: ${pass.waitingApproval} wait for a manager's approval above ${day}'s limit.`)
}
