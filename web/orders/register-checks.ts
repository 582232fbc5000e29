import 'server-only'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder, type OrderItemRow } from '@/db/schema'
import type { RegisterAnswer, StolenDeviceRegister } from '@/register/client'
import { MOVES, type OrderStatus } from './lifecycle'
import { orderMail, type OrderMailContext, type QueuedMail } from './mail'
import { moveOrder, recordRegisterAnswer } from './move-store'
import { getOrder, type OrderRecord } from './store'

/**
 * Every device is checked against the stolen-device register when staff record the check. A fail
 * quarantines the order by itself; a register that is down or slow leaves the device's check
 * waiting, and the minute job asks again. Nothing is paid until every device has a pass.
 */
export type RegisterFields = Pick<OrderItemRow, 'registerResult' | 'registerCertificate' | 'registerCheckedAt'>

export function registerFields(answer: RegisterAnswer): RegisterFields {
  return answer.ok
    ? { registerResult: answer.result, registerCertificate: answer.certificateId, registerCheckedAt: answer.checkedAt }
    : { registerResult: 'waiting', registerCertificate: null, registerCheckedAt: null }
}

/** Every device at once: a register that is down costs one timeout, not one per device. */
export async function askRegister(register: StolenDeviceRegister, deviceIds: string[]): Promise<RegisterFields[]> {
  return Promise.all(deviceIds.map(async (deviceId) => registerFields(await register.check(deviceId))))
}

type Checked = Pick<OrderItemRow, 'registerResult' | 'registerCheckedAt'>

/**
 * Why an order cannot be paid at `now`, or null: a device whose check waits on the register, or one
 * without a pass dated before the payment (a caution, a fail, never asked). A caution is no pass:
 * staff look up its certificate first, and quarantine the order if the record calls for it.
 */
export function payBlock(items: readonly Checked[], now: Date): 'registerDown' | 'registerNotPassed' | null {
  if (items.some((item) => item.registerResult === 'waiting')) return 'registerDown'
  const passed = (item: Checked) =>
    item.registerResult === 'pass' && item.registerCheckedAt !== null && item.registerCheckedAt < now
  return items.length && items.every(passed) ? null : 'registerNotPassed'
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
    // Read through its partial index (schema.ts); a bound besides, as each run flags what it reads.
    .limit(100)
  let flagged = 0
  for (const { orderId } of failed) if (await flagIfFailed(db, orderId, mail)) flagged++
  return { answered, flagged }
}
