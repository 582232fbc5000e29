import 'server-only'
import type { Payers } from './payers'

/**
 * The payers this site is configured with (web/config reads the settings): the payments provider's
 * Faster Payments and PayPal, each the real service or its local stand-in. None yet: every method
 * is paid by a manager's payment run until a payer's client is configured here.
 */
export function sitePayers(): Payers {
  return {}
}
