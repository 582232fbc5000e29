import 'server-only'
import type { Db } from '@/db/connection'
import { dueAction, type Timings } from '@/orders/record/lifecycle'
import { getOrder } from '@/orders/record/store'
import { moveOrder, recordEvent } from '@/orders/moves/move-store'
import { answerDevices } from '@/orders/moves/device-answers'
import { unanswered } from '@/orders/record/order-values'
import { orderMail, type OrderMailContext } from '@/orders/record/mail'
import { dueTimers, type DueCursor } from './timer-store'

type TimerContext = { timings: Timings; mail: OrderMailContext }

/** How the minute job reads: orders due, a batch at a time, until none is left or its slice ends. */
export type TimerRun = {
  /** Orders read at a time. */
  batch: number
  /** How long a run may take before it stops for the next tick: a little less than the minute. */
  sliceMs: number
}
export const MINUTE_RUN: TimerRun = { batch: 200, sliceMs: 50_000 }

/**
 * Applies the clock's moves to every order due at `now`, soonest due first, in batches, until none
 * is left or the run's time slice ends (the next tick carries on where the due order says). The
 * cursor moves past each order read, so one that could not be moved is not read again this run.
 */
export async function applyDueTimers(
  db: Db,
  context: TimerContext,
  now = new Date(),
  run: TimerRun = MINUTE_RUN,
): Promise<{ moved: number; read: number; finished: boolean }> {
  const stopAt = Date.now() + run.sliceMs
  let cursor: DueCursor = null
  let moved = 0
  let read = 0
  while (Date.now() < stopAt) {
    const due = await dueTimers(db, { now, timings: context.timings, cursor, limit: run.batch })
    for (const order of due) {
      if (Date.now() >= stopAt) return { moved, read, finished: false }
      read++
      if (await applyTimers(db, order.id, context, now)) moved++
      cursor = order
    }
    if (due.length < run.batch) return { moved, read, finished: true }
  }
  return { moved, read, finished: false }
}

/** Applies whatever the clock owes one order; true when something changed. */
export async function applyTimers(db: Db, orderId: string, context: TimerContext, now = new Date()): Promise<boolean> {
  let changed = false
  // Each step moves the order on; a few at most (a lapsed offer after its reminder, say).
  for (let step = 0; step < 4; step++) {
    const order = await getOrder(db, { id: orderId })
    if (!order) return changed
    const due = dueAction(order, now, context.timings)
    if (!due) return changed
    if (due.kind === 'remind') {
      const done = await recordEvent(db, {
        orderId,
        actor: 'system',
        action: 'remind',
        remind: true,
        emails: (current) => orderMail('revisedOfferReminder', current, context.mail),
      })
      if (!done) return changed
    } else if (due.move === 'accept' || due.move === 'decline') {
      // A revised offer's deadline passed: every device still unanswered is answered as the CMS
      // says, and the order moves as the seller's answers and those make it.
      const answer = due.move
      const result = await answerDevices(db, {
        orderId,
        answers: unanswered(order.items).map((item) => ({ itemId: item.id, answer })),
        actor: 'system',
        reason: due.reason,
      })
      if (!result.ok || !result.moved) return changed
    } else {
      const result = await moveOrder(db, {
        orderId,
        move: due.move,
        actor: 'system',
        expectedStatus: order.status,
        reason: due.reason,
        emails: (current) => {
          const email = due.move === 'expire' ? 'expired' : null
          return email ? orderMail(email, current, context.mail) : []
        },
      })
      // Moved by someone else meanwhile: look again from the top.
      if (!result.ok && result.reason !== 'moved') return changed
    }
    changed = true
  }
  return changed
}
