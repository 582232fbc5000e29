/**
 * The timers staff see on the queues: how long an order has waited in its step, in working days
 * (Monday to Friday on London's clock, bank holidays and closure days out), against the promise
 * for that step, from the content's timings: the check after arrival, the seller's answer to a
 * revised offer (by its deadline), and a return to send; and a contact message's reply. Pure, so the
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
export type StepPromises = { checkWorkingDays: number; revisedOfferDays: number; returnWorkingDays: number }

export type StepTimer = {
  step: Step
  /** Whole working days waited so far (a day begun counts once it is over). */
  waited: number
  /** The promise, in days: working days, or (an answer) the days the seller is given. */
  promise: number
  late: boolean
}

export const isTimed = (status: string): status is TimedStatus => status in TIMED_STEPS

/** The order's timer at `now`, or null for a status nobody promised a time for. */
export function stepTimer(
  order: { status: string; statusSince: Date; offerDeadline?: Date | null },
  now: Date,
  promises: StepPromises,
  calendar: BusinessCalendar,
): StepTimer | null {
  if (!isTimed(order.status)) return null
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
