import 'server-only'
import { paymentsSettings } from '@/config/index'
import { fasterPayments } from './bank/faster-payments'
import type { PayoutDetails } from './methods'
import type { Payer } from './payer'
import type { Payers } from './payers'
import { paypalClient } from './paypal/paypal-client'

/**
 * The payers this site is configured with (web/config reads the settings): the payments provider's
 * Faster Payments and PayPal, each the real service or its local stand-in. On the Bacs route
 * (PAYMENTS_ROUTE=bacs-file) there is no provider, and bank transfers are paid by a manager's run.
 * Each payer is given only the details of the methods that name it (payers.ts, payerFor).
 */
export function sitePayers(): Payers {
  const payments = paymentsSettings()
  const paypal = paypalClient() as Payer<PayoutDetails>
  return {
    [paypal.id]: paypal,
    ...(payments.route === 'faster-payments'
      ? { [payments.route]: fasterPayments(payments) as Payer<PayoutDetails> }
      : {}),
  }
}
