/**
 * The dashboard's count of what is late, per step: checks past their promise, revised offers past
 * their deadline, returns not sent in time, contact messages still new past the reply promise. Each
 * by its own index on (status, time).
 */
import 'server-only'
import { and, count, eq, lt, not, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { contactMessage, sellerOrder } from '@/db/schema'
import { workingDaysBefore, type BusinessCalendar } from '@/orders/record/working-days'
import { lateBefore, type Step, type StepPromises } from './step-timers'
import { waitingOnLock } from './order-queue'

export type LateCounts = Record<Step | 'reply', number>

export async function lateCounts(
  db: Db,
  now: Date,
  promises: StepPromises & { replyWorkingDays: number },
  calendar: BusinessCalendar,
): Promise<LateCounts> {
  const before = lateBefore(now, promises, calendar)
  const counted = (status: string, late: SQL | undefined) =>
    db
      .select({ count: count() })
      .from(sellerOrder)
      .where(and(eq(sellerOrder.status, status), late))
      .then((rows) => rows[0]?.count ?? 0)
  const [check, answer, returns, reply] = await Promise.all([
    // An order an activation lock holds waits on its seller, not on staff: as the check queue leaves it out.
    counted('received', and(lt(sellerOrder.statusSince, before.check), not(waitingOnLock))),
    counted('revised', lt(sellerOrder.offerDeadline, now)),
    counted('returning', lt(sellerOrder.statusSince, before.return)),
    db
      .select({ count: count() })
      .from(contactMessage)
      .where(
        and(
          eq(contactMessage.status, 'new'),
          lt(contactMessage.statusChangedAt, workingDaysBefore(now, promises.replyWorkingDays, calendar)),
        ),
      )
      .then((rows) => rows[0]?.count ?? 0),
  ])
  return { check, answer, return: returns, reply }
}
