/**
 * The activation-lock hold's names, pure: the anchor of the seller's lock panel on their order's
 * page (the e-mails' button lands on it), the forms' `action` values, and the history's names for
 * what a hold records.
 */
export const LOCK_ACTIONS = { hold: 'holdForLock', release: 'releaseLock', removed: 'lockRemoved' } as const

export const LOCK_ANCHOR = 'lock'

export const LOCK_EVENTS = {
  hold: 'lock-hold',
  removed: 'lock-removed',
  release: 'lock-release',
  reminder: 'lock-reminder',
} as const
