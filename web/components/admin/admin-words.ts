import type { AccountCopy, OrderCopy } from '@/content/types'
import { isAdminMove, RETURN_DECLINED } from '@/orders/moves/admin-input'
import { RETENTION_ACTIONS } from '@/orders/record/order-record'
import { RISE_EVENTS } from '@/orders/moves/rise-events'
import { HOLD_EVENTS } from '@/orders/holds/hold-input'
import { CLAIM_EVENTS, PACK_POSTED_EVENT } from '@/orders/claims/claim-input'
import { LATE_EVENTS } from '@/orders/moves/late-values'
import { LOCK_EVENTS } from '@/orders/locks/lock-input'
import { IDENTITY_EVENTS } from '@/orders/identity/identity-actions'
import { PAYOUT_CHANGE_EVENT } from '@/orders/payout-change/payout-change-event'
export { payoutHeldUntil } from '@/orders/record/order-values'

export type AdminCopy = OrderCopy['admin']

/** A status's name in the content's words; the key itself if an editor has not named it. */
export const statusName = (copy: OrderCopy, key: string) =>
  copy.statuses.find((status) => status.key === key)?.name ?? key

/** The label of a staff action, or of a timeline entry staff made; null for anything else. */
export function actionLabel(
  admin: AdminCopy,
  action: string,
  rises?: OrderCopy['rises'],
  payouts?: OrderCopy['payouts'],
  holds?: OrderCopy['holds'],
  claims?: OrderCopy['claims'],
  lateParcels?: OrderCopy['lateParcels'],
  locks?: OrderCopy['locks'],
  checklist?: OrderCopy['checklist'],
  identity?: OrderCopy['identity'],
): string | null {
  if (identity && action === IDENTITY_EVENTS.ask) return identity.askEvent
  if (identity && action === IDENTITY_EVENTS.upload) return identity.uploadEvent
  if (identity && action === IDENTITY_EVENTS.seen) return identity.seenEvent
  if (identity && action === IDENTITY_EVENTS.refused) return identity.refuseEvent
  if (identity && action === IDENTITY_EVENTS.photoRemoved) return identity.photoRemovedEvent
  if (locks && action === LOCK_EVENTS.hold) return locks.holdEvent
  if (locks && action === LOCK_EVENTS.removed) return locks.removedEvent
  if (locks && action === LOCK_EVENTS.release) return locks.releaseEvent
  if (locks && action === LOCK_EVENTS.reminder) return locks.reminderEvent
  if (locks && action === 'returnLocked') return locks.returnEvent
  if (checklist && action === 'refuse') return checklist.refuseEvent
  if (claims && action === CLAIM_EVENTS.claim) return claims.claimEvent
  if (claims && action === CLAIM_EVENTS.release) return claims.releaseEvent
  if (claims && action === PACK_POSTED_EVENT) return claims.packEvent
  if (lateParcels && action === LATE_EVENTS.revalue) return lateParcels.revalueEvent
  if (lateParcels && action === LATE_EVENTS.offer) return lateParcels.offerEvent
  if (holds && action === HOLD_EVENTS.clearCaution) return holds.clearEvent
  if (holds && action === HOLD_EVENTS.recheck) return holds.recheckEvent
  if (rises && action === RISE_EVENTS.propose) return rises.proposeEvent
  if (rises && action === RISE_EVENTS.approve) return rises.approveEvent
  if (rises && action === RISE_EVENTS.refuse) return rises.refuseEvent
  if (action === 'reveal-payout') return admin.reveal
  if (action === 'register-answer') return admin.registerColumn
  if (action === RETENTION_ACTIONS.bankDetails) return admin.removeBankDetails
  if (action === RETENTION_ACTIONS.record) return admin.reduceRecord
  if (action === 'add-photos') return admin.photosAdded
  if (action === 'accept-device') return admin.answerAccepted
  if (action === 'decline-device') return admin.answerDeclined
  if (action === 'requestReturn') return admin.returnRequestedEvent
  if (action === PAYOUT_CHANGE_EVENT) return admin.payoutChangedEvent
  if (action === RETURN_DECLINED.event) return admin.declinedReturned
  if (action === 'startPayment') return admin.payments.startEvent
  if (action === 'confirmPayment') return admin.payments.confirmEvent
  if (action === 'failPayment') return admin.payments.failEvent
  if (payouts && action === 'sendPayment') return payouts.sendEvent
  if (payouts && action === 'settlePayment') return payouts.settleEvent
  if (payouts && action === 'rejectPayment') return payouts.rejectEvent
  if (payouts && action === 'returnPayment') return payouts.returnEvent
  return isAdminMove(action) ? admin.moves[action] : null
}

/** Who made a timeline entry, in the content's words. */
export function actorName(admin: AdminCopy, staff: AccountCopy['staff'], actor: string): string {
  if (actor === 'seller') return admin.actorSeller
  if (actor === 'manager') return staff.managerRole
  if (actor === 'staff') return staff.staffRole
  return admin.actorSystem
}

/** A label set inside a sentence: "Mark received" as "mark received" (an acronym stays as it is). */
export const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label
