/**
 * The timers staff see on the queues: how long an order has waited in its step, in working days
 * (Monday to Friday on London's clock, bank holidays and closure days out), against the promise
 * for that step, from the content's timings: the check after arrival (or, held for an activation
 * lock, the seller's days to remove it), the seller's answer to a revised offer (by its deadline),
 * and a return to send; and a contact message's reply. Pure, so the
 * lists and the tests share it.
 */
import {
  DAY_MS,
  type BusinessCalendar,
  waitedOverWorkingDays,
  workingDaysBefore,
  workingTimeBetween,
} from '@/orders/record/working-days'

export const TIMED_STEPS = { received: 'check', revised: 'answer', returning: 'return' } as const
export type TimedStatus = keyof typeof TIMED_STEPS
export type Step = (typeof TIMED_STEPS)[TimedStatus]

/** The promises' numbers, as the content's timings hold them. */
export type StepPromises = {
  checkWorkingDays: number
  revisedOfferDays: number
  returnWorkingDays: number
  lockWorkingDays: number
}

export type StepTimer = {
  /** The step, or `lock`: a received order held for an activation lock, waiting on its seller. */
  step: Step | 'lock'
  /** Whole working days waited so far (a day begun counts once it is over). */
  waited: number
  /** The promise, in days: working days, or (an answer) the days the seller is given. */
  promise: number
  late: boolean
}

export const isTimed = (status: string): status is TimedStatus => status in TIMED_STEPS

/**
 * The order's timer at `now`, or null for a status nobody promised a time for. A received order an
 * activation lock holds (`lockDeadline`, while the seller has not said it is removed) waits on its
 * seller, not on staff: its timer counts the working days the seller is given to remove the lock.
 */
export function stepTimer(
  order: { status: string; statusSince: Date; offerDeadline?: Date | null; lockDeadline?: Date | null },
  now: Date,
  promises: StepPromises,
  calendar: BusinessCalendar,
): StepTimer | null {
  if (!isTimed(order.status)) return null
  if (order.status === 'received' && order.lockDeadline) {
    const left = Math.ceil(workingTimeBetween(now, order.lockDeadline, calendar) / DAY_MS)
    const promise = promises.lockWorkingDays
    const late = order.lockDeadline.getTime() < now.getTime()
    return { step: 'lock', waited: Math.min(promise, Math.max(0, promise - left)), promise, late }
  }
  const step = TIMED_STEPS[order.status]
  const waited = Math.max(0, Math.floor(workingTimeBetween(order.statusSince, now, calendar) / DAY_MS))
  if (step === 'answer') {
    // The seller's deadline is the promise: past it, the clock's job answers for them.
    const late = order.offerDeadline ? order.offerDeadline.getTime() < now.getTime() : false
    return { step, waited, promise: promises.revisedOfferDays, late }
  }
  const promise = step === 'check' ? promises.checkWorkingDays : promises.returnWorkingDays
  return { step, waited, promise, late: waitedOverWorkingDays(order.statusSince, now, promise, calendar) }
}

/** For each working-day step, the moment before which an order that entered it is late: for SQL counts. */
export const lateBefore = (now: Date, promises: StepPromises, calendar: BusinessCalendar) => ({
  check: workingDaysBefore(now, promises.checkWorkingDays, calendar),
  return: workingDaysBefore(now, promises.returnWorkingDays, calendar),
})

/**
 * A new contact message's timer at `now`: working days since it became new (received, or reopened)
 * against the reply promise. Null once answered or closed: nobody waits on it.
 */
export function replyTimer(
  message: { status: string; statusChangedAt: Date },
  now: Date,
  replyWorkingDays: number,
  calendar: BusinessCalendar,
): { waited: number; promise: number; late: boolean } | null {
  if (message.status !== 'new') return null
  const waited = Math.max(0, Math.floor(workingTimeBetween(message.statusChangedAt, now, calendar) / DAY_MS))
  const late = waitedOverWorkingDays(message.statusChangedAt, now, replyWorkingDays, calendar)
  return { waited, promise: replyWorkingDays, late }
}
