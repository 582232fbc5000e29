/**
 * Whether a device has passed the stolen-device register: a pass, or a caution a manager looked up
 * and cleared for the certificate the register answers with now. Pure, for pages and e-mails;
 * checks.ts says the same rule to the database.
 */
import type { OrderItemRow } from '@/db/schema'

export type Checked = Pick<
  OrderItemRow,
  'registerResult' | 'registerCertificate' | 'registerCheckedAt' | 'cautionClearedAt' | 'cautionClearedCertificate'
>

/** Whether a caution on the device was cleared by a manager for the certificate the register answers with now. */
export const cautionCleared = (item: Checked) =>
  item.registerResult === 'caution' &&
  item.cautionClearedAt !== null &&
  item.registerCertificate !== null &&
  item.cautionClearedCertificate === item.registerCertificate

/**
 * Whether the device has passed the register before `now`: its answer a pass, or a caution a
 * manager cleared, dated before then. The one rule; `notPassedSql` says it to the database.
 */
export function devicePassed(item: Checked, now: Date): boolean {
  if (item.registerCheckedAt === null || item.registerCheckedAt >= now) return false
  if (item.registerResult === 'pass') return true
  return cautionCleared(item) && item.cautionClearedAt! < now
}
