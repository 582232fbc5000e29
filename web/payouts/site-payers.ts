import 'server-only'
import { paymentsSettings } from '@/config/index'
import { fasterPayments } from './bank/faster-payments'
import type { Payers } from './payers'

/**
 * The payers this site is configured with (web/config reads the settings): the payments provider's
 * Faster Payments, the real service or its local stand-in. On the Bacs route (PAYMENTS_ROUTE=bacs-file)
 * there is none, and bank transfers are paid by a manager's payment run.
 */
export function sitePayers(): Payers {
  const payments = paymentsSettings()
  return payments.route === 'faster-payments' ? { [payments.route]: fasterPayments(payments) } : {}
}
