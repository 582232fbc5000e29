/**
 * The rules of the register's forms on an order's staff page: a manager clearing a caution (the
 * device, the certificate they looked up, why) and checking a held order's devices again. Pure, so
 * the browser runs the same rules before sending.
 */
import * as v from 'valibot'
import { oneLine, text, validatorFor, type Validation } from '@/forms/schema'
import type { OrderStatus } from '@/orders/record/lifecycle'
import { cautionCleared, devicePassed, type Checked } from '@/register/passed'

/** The forms' `action` values, and the history's names for what they record. */
export const HOLD_ACTIONS = { clearCaution: 'clearCaution', recheck: 'recheckHeld' } as const
export const HOLD_EVENTS = { clearCaution: 'clear-caution', recheck: 'register-recheck' } as const
export type HoldAction = (typeof HOLD_ACTIONS)[keyof typeof HOLD_ACTIONS]

export const isHoldAction = (value: string | undefined): value is HoldAction =>
  Object.values(HOLD_ACTIONS).includes(value as HoldAction)

export type HoldProblem = 'missing' | 'tooLong' | 'invalid'
export const REASON_MAX = 500

const id = v.pipe(text, v.trim(), v.regex(/^[0-9a-f-]{36}$/i, 'invalid'))

const clearCautionSchema = v.object({
  item: id,
  // The certificate the manager saw and looked up: a later answer with another is not cleared by it.
  certificate: v.pipe(text, v.trim(), v.regex(/^[A-Za-z0-9-]{4,64}$/, 'invalid')),
  reason: v.pipe(oneLine, v.nonEmpty('missing'), v.maxLength(REASON_MAX, 'tooLong')),
})

export type ClearCaution = v.InferOutput<typeof clearCautionSchema>

/** A manager's clearing of one device's caution, or what is wrong with it. */
export function parseClearCaution(body: Record<string, string>): Validation<ClearCaution, HoldProblem> {
  return validatorFor<HoldProblem, typeof clearCautionSchema>(clearCautionSchema)(body)
}

// How many times the staff member saw the devices checked again: a second post of the same form
// (a double click, a reload) finds that number moved on and asks the register nothing.
const recheckSchema = v.object({
  seen: v.pipe(text, v.trim(), v.regex(/^\d{1,6}$/, 'invalid'), v.transform(Number)),
})

/** A check of a held order's devices again, or what is wrong with the form. */
export function parseRecheck(body: Record<string, string>): Validation<{ seen: number }, HoldProblem> {
  return validatorFor<HoldProblem, typeof recheckSchema>(recheckSchema)(body)
}

/** The field names of a caution's form, one form per device: its ids are the device's. */
export const cautionFieldId = (itemId: string, field: 'reason') => `caution-${field}-${itemId}`

/**
 * Where a caution may be cleared: once the check has answered and until the order is paid or put
 * in a run (whose bank file was made), sent back or closed. Quarantined too: cleared, it may end the hold.
 */
export const CLEARABLE_STATUSES: readonly OrderStatus[] = [
  'received',
  'checked',
  'revised',
  'accepted',
  'payment-failed',
  'quarantined',
]

/**
 * Whether a held order looks ready to release, for the page to say so: every device passed by an
 * answer since the hold began. The move's own guard (moves/hold-guards.ts) is what decides.
 */
export function looksReleasable(order: { statusSince: Date; items: ReadonlyArray<Checked> }, now: Date): boolean {
  const since = (at: Date | null) => at !== null && at >= order.statusSince
  return (
    order.items.length > 0 &&
    order.items.every(
      (item) =>
        devicePassed(item, now) &&
        (cautionCleared(item) ? since(item.cautionClearedAt) : since(item.registerCheckedAt)),
    )
  )
}
