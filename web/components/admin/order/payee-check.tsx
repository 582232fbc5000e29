import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { payeeHold, type PayeeCheck } from '@/payouts/payee-questions'

/** The words of the check's result: the Orders document's for a seller, the collection payment's for a business. */
export type PayeeWords = Pick<
  OrderCopy['admin'],
  | 'payeeHeading'
  | 'payeeMatch'
  | 'payeeCloseMatchAccepted'
  | 'payeeCloseMatchKept'
  | 'payeeNoMatch'
  | 'payeeUnavailable'
  | 'payeeHeld'
>

/**
 * What the payee's bank said of the name on the account (Confirmation of Payee), with the name it
 * holds and its reason code, and whether the payment is held for a look. Nothing for details that
 * were never checked (an order placed before the check, or paid another way). A seller's order or a
 * business collection's payment, each in its own words.
 */
export function PayeeCheckFacts({
  order,
  text,
}: {
  order: { payeeCheck: string | null; payeeBankName: string | null; payeeReason: string | null }
  text: PayeeWords
}) {
  if (!order.payeeCheck) return null
  const fill = { bankName: order.payeeBankName ?? '–', reason: order.payeeReason ?? '–' }
  const said: Record<PayeeCheck, string> = {
    match: text.payeeMatch,
    close_match_accepted: text.payeeCloseMatchAccepted,
    close_match_kept: text.payeeCloseMatchKept,
    no_match: text.payeeNoMatch,
    unavailable: text.payeeUnavailable,
  }
  const held = payeeHold(order)
  return (
    <div className="admin-payee" data-testid="payee-check" data-payee-check={order.payeeCheck}>
      <h3>{text.payeeHeading}</h3>
      <p>{fillTemplate(said[order.payeeCheck as PayeeCheck] ?? text.payeeUnavailable, fill)}</p>
      {held ? (
        <p className="admin-notice admin-notice--warning" data-testid="payee-held">
          {text.payeeHeld}
        </p>
      ) : null}
    </div>
  )
}
