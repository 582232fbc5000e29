/**
 * The quote's payment on a collection's staff page: waiting for the business's bank details (again,
 * after the bank sent a payment back, with its reason), ready for a manager to pay (the button for
 * managers only), or paid. While details are awaited a manager may e-mail the business a new link.
 */
import type { ContactInboxCopy } from '@/content/types'
import type { CollectionPaymentView } from '@/collections/payment/payment-store'
import { formatDateTime } from '@/lib/dates'
import { formatPenceExact } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { PayeeCheckFacts } from '../order/payee-check'
import { BankLinkForm, PayCollectionForm } from './collection-payment-form'

type Props = {
  id: string
  copy: ContactInboxCopy['collectionPayment']
  payment: CollectionPaymentView | null
  /** The member of staff is a manager: only managers pay. */
  canPay: boolean
}

/** The quote's payment: waiting for the business's bank details, ready for a manager to pay, or paid. */
export function CollectionPayment({ id, copy, payment, canPay }: Props) {
  if (!payment) return null
  const total = formatPenceExact(payment.amountPence)
  return (
    <section aria-labelledby="collection-payment" className="admin-section">
      <h2 id="collection-payment">{copy.staffHeading}</h2>
      {payment.state === 'paid' && payment.paidAt ? (
        <p data-collection-paid>
          {fillTemplate(copy.paidLine, { total, at: formatDateTime(payment.paidAt), reference: payment.reference })}
        </p>
      ) : payment.state === 'waiting' || payment.state === 'returned' ? (
        <>
          {payment.state === 'returned' ? (
            <p data-collection-returned>{fillTemplate(copy.staffReturned, { total, reason: lastReason(payment) })}</p>
          ) : (
            <p>{fillTemplate(copy.staffWaiting, { total })}</p>
          )}
          {canPay ? (
            <BankLinkForm id={id} issued={payment.linkIssuedAt.toISOString()} label={copy.newLinkButton} />
          ) : null}
        </>
      ) : (
        <>
          <p>{fillTemplate(copy.staffGiven, { total, last4: payment.bankLast4 ?? '' })}</p>
          <PayeeCheckFacts order={payment.payee} text={copy} />
          {canPay ? <PayCollectionForm id={id} label={fillTemplate(copy.payButton, { total })} /> : null}
        </>
      )}
    </section>
  )
}

/** The payer's reason for the latest return. */
function lastReason(payment: CollectionPaymentView) {
  return payment.events.findLast((event) => event.action === 'returned')?.reason ?? ''
}
