import 'server-only'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder } from '@/db/schema'
import type { StolenDeviceRegister } from '@/register/client'
import { askRegister } from '@/register/checks'
import { MOVES, type OrderStatus } from '@/orders/record/lifecycle'
import { orderMail, type OrderMailContext, type QueuedMail } from '@/orders/record/mail'
import { moveOrder, recordRegisterAnswer } from './move-store'
import { getOrder, type OrderRecord } from '@/orders/record/store'

/**
 * The register checks an order's moves make: "checked" once every device has an answer, a fail
 * quarantined, and the minute job's retries of checks that wait (the register's answers and what
 * they mean for payment are in web/register/checks.ts).
 */
/**
 * The check's e-mails: "refused" for the devices the check refused (declined there and then, posted
 * back free), and "checked" for the rest as below; only "refused" when every device was.
 */
export function checkMails(order: OrderRecord, mail: OrderMailContext): QueuedMail[] {
  const refused = order.items.filter((item) => item.offerAnswer === 'decline')
  if (!refused.length) return checkedMails(order, mail)
  const kept = order.items.filter((item) => item.offerAnswer !== 'decline')
  return [
    ...(kept.length ? checkedMails({ ...order, items: kept }, mail) : []),
    ...orderMail('refused', { ...order, items: refused }, mail),
  ]
}

/** "Checked", once the register has answered for every device and reported none lost or stolen. */
export function checkedMails(order: OrderRecord, mail: OrderMailContext): QueuedMail[] {
  const answered = order.items.every((item) => item.registerResult === 'pass' || item.registerResult === 'caution')
  return answered ? orderMail('checked', order, mail) : []
}

const FLAGGED_FROM: readonly OrderStatus[] = MOVES.flag.from

/** A register fail quarantines the order, by the system, with the seller's e-mail: true if it moved. */
export async function flagIfFailed(db: Db, orderId: string, mail: OrderMailContext): Promise<boolean> {
  const order = await getOrder(db, { id: orderId })
  if (!order || !FLAGGED_FROM.includes(order.status as OrderStatus)) return false
  if (!order.items.some((item) => item.registerResult === 'fail')) return false
  const result = await moveOrder(db, {
    orderId,
    move: 'flag',
    actor: 'system',
    expectedStatus: order.status,
    reason: 'register-fail',
    emails: (current) => orderMail('quarantined', current, mail),
  })
  return result.ok
}

/**
 * The job's work: asks the register again for every device whose check is waiting (on an order
 * still to be paid), records each answer once, sends "checked" when it was the last, and
 * quarantines any order with a fail (also one left unflagged by a crash between the two steps).
 */
export async function retryWaitingChecks(
  db: Db,
  register: StolenDeviceRegister,
  mail: OrderMailContext,
): Promise<{ answered: number; flagged: number }> {
  const waiting = await db
    .select({ id: orderItem.id, orderId: orderItem.orderId, deviceId: orderItem.imei })
    .from(orderItem)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderItem.orderId))
    .where(and(eq(orderItem.registerResult, 'waiting'), inArray(sellerOrder.status, [...FLAGGED_FROM])))
    .limit(100)
  const asked = waiting.filter((row): row is typeof row & { deviceId: string } => row.deviceId !== null)
  const answers = await askRegister(
    register,
    asked.map((row) => row.deviceId),
  )
  let answered = 0
  for (const [index, row] of asked.entries()) {
    const set = answers[index]!
    if (set.registerResult === 'waiting') continue
    const recorded = await recordRegisterAnswer(db, {
      orderId: row.orderId,
      itemId: row.id,
      set,
      emails: (order) => checkedMails(order, mail),
    })
    if (recorded) answered++
  }
  const failed = await db
    .selectDistinct({ orderId: orderItem.orderId })
    .from(orderItem)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderItem.orderId))
    .where(and(eq(orderItem.registerResult, 'fail'), inArray(sellerOrder.status, [...FLAGGED_FROM])))
    // Read through its partial index (db/schema/order-items.ts); a bound besides, as each run flags what it reads.
    .limit(100)
  let flagged = 0
  for (const { orderId } of failed) if (await flagIfFailed(db, orderId, mail)) flagged++
  return { answered, flagged }
}
