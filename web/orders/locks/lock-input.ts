/**
 * The lock hold's names: its forms' `action` values, the history's names for what it records, and
 * the rules of the staff form (the devices chosen) and the seller's (the hold they answer). Pure,
 * so the browser runs the same rules before sending.
 */
import * as v from 'valibot'
import { text, validatorFor, type Validation } from '@/forms/schema'

export { LOCK_ACTIONS, LOCK_EVENTS } from '@/orders/lock-hold/lock-names'

export type LockProblem = 'noDevices' | 'notHeld' | 'notHoldable' | 'invalid'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The name of a device's box on the staff form: `lock-<item id>`, ticked "on". */
export const lockDeviceField = (itemId: string) => `lock-${itemId}`

/** The devices a staff member ticked, or `noDevices`. */
export function parseLockDevices(body: Record<string, string>): Validation<{ itemIds: string[] }, LockProblem> {
  const itemIds = Object.entries(body)
    .filter(([key, value]) => key.startsWith('lock-') && value === 'on')
    .map(([key]) => key.slice('lock-'.length))
  if (!itemIds.length) return { ok: false, errors: [{ field: 'devices', code: 'noDevices' }] }
  if (!itemIds.every((id) => uuidPattern.test(id)))
    return { ok: false, errors: [{ field: 'devices', code: 'invalid' }] }
  return { ok: true, value: { itemIds } }
}

const holdSchema = v.object({ hold: v.pipe(text, v.trim(), v.regex(uuidPattern, 'invalid')) })

/** The hold a form answers (the staff's release, the seller's "I've removed it"), or `invalid`. */
export function parseHoldId(body: Record<string, string>): Validation<{ hold: string }, LockProblem> {
  return validatorFor<LockProblem, typeof holdSchema>(holdSchema)(body)
}
