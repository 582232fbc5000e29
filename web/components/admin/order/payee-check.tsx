import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { payeeHold, type PayeeCheck } from '@/payouts/payee-questions'

/**
 * What the seller's bank said of the name on the account (Confirmation of Payee), with the name it
 * holds and its reason code, and whether the payment is held for a look. Nothing for an order
 * whose details were never checked (placed before the check, or paid another way).
 */
export function PayeeCheckFacts({
  order,
  copy,
}: {
  order: { payeeCheck: string | null; payeeBankName: string | null; payeeReason: string | null }
  copy: OrderCopy
}) {
  const text = copy.admin
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
