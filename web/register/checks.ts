import type { OrderItemRow } from '@/db/schema'
import type { RegisterAnswer, StolenDeviceRegister } from './client'

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
