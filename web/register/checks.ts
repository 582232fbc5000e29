import { sql, type SQL } from 'drizzle-orm'
import { orderItem, sellerOrder, type OrderItemRow } from '@/db/schema'
import { devicePassed, type Checked } from './passed'
import type { RegisterAnswer, StolenDeviceRegister } from './client'

/**
 * Every device is checked against the stolen-device register when staff record the check. A fail
 * quarantines the order by itself; a register that is down or slow leaves the device's check
 * waiting, and the minute job asks again. Nothing is paid until every device has passed: a pass, or
 * a caution a manager looked up and cleared (for that certificate).
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

export { cautionCleared, devicePassed } from './passed'

/** devicePassed's rule (passed.ts), negated, for the order_item row in scope: for "no device of the order has not passed". */
export function notPassedSql(now: Date): SQL {
  return sql`not coalesce(${orderItem.registerCheckedAt} < ${now} and (${orderItem.registerResult} = 'pass' or (${orderItem.registerResult} = 'caution' and ${orderItem.cautionClearedCertificate} = ${orderItem.registerCertificate} and ${orderItem.cautionClearedAt} < ${now})), false)`
}

/** For a query over seller_order: no device of the order in scope has not passed before `now`. */
export function everyDevicePassedSql(now: Date): SQL {
  return sql`not exists (select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id} and ${notPassedSql(now)})`
}

/**
 * Why an order cannot be paid at `now`, or null: a device whose check waits on the register, or one
 * that has not passed before the payment (a caution nobody cleared, a fail, never asked). A caution
 * is no pass until a manager looks up its certificate and clears it, or staff quarantine the order.
 */
export function payBlock(items: readonly Checked[], now: Date): 'registerDown' | 'registerNotPassed' | null {
  if (items.some((item) => item.registerResult === 'waiting')) return 'registerDown'
  return items.length && items.every((item) => devicePassed(item, now)) ? null : 'registerNotPassed'
}
