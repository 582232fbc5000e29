import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { askPayoutCode, changePayout } from '@/orders/payout-change/form-actions'
import { payoutChangeable } from '@/orders/record/lifecycle'
import { orderProblemMessages } from '@/orders/checkout/problems'
import { PAYOUT_CODE_MINUTES } from '@rules/payout-change'
import type { OrderRecord } from '@/orders/record/store'
import { payoutHeldUntil } from '@/orders/record/order-values'
import { ButtonForm } from '../forms/button-form'
import type { FormField } from '../forms/page-form'
import { OrderForm } from './order-form'
import { payeeQuestions } from './payee-questions'
import { payoutChoiceFields } from './payout-choice'
import { payoutAccount } from '@/payouts/methods'

type Props = { order: OrderRecord; copy: OrderCopy; token: string; step: string | undefined }

/**
 * The account an order is paid to (its last four digits only: the old details are never shown),
 * and, while it may still be paid, changing it: a code e-mailed to the order's address, then the
 * code with the new details. After a change, when the payout may be made.
 */
export function PayoutChangeSection({ order, copy, token, step }: Props) {
  const text = copy.payoutChange
  if (!order.payoutLast4) return null
  if (!payoutChangeable(order.status)) {
    // Opened at the form's own address (a code asked for before payment): say why it is gone.
    return step === 'code' ? (
      <section id="payout-change" aria-labelledby="payout-change-heading" className="order-payout">
        <h2 id="payout-change-heading">{text.heading}</h2>
        <p className="notice notice--problem" data-problem="payoutClosed">
          {text.closed}
        </p>
      </section>
    ) : null
  }
  const heldUntil = payoutHeldUntil(order)
  return (
    <section id="payout-change" aria-labelledby="payout-change-heading" className="order-payout">
      <h2 id="payout-change-heading">{text.heading}</h2>
      <p>
        {fillTemplate(text.current, { account: payoutAccount(copy.checkout, order.payoutMethod, order.payoutLast4) })}
      </p>
      {heldUntil ? <p>{fillTemplate(text.held, { until: formatDateTime(heldUntil) })}</p> : null}
      {step === 'code' ? (
        <>
          <p role="status">{fillTemplate(text.codeSent, { minutes: PAYOUT_CODE_MINUTES })}</p>
          <h3>{text.newDetailsHeading}</h3>
          <OrderForm
            action={changePayout}
            rules="payout"
            fields={payoutFields(copy, order.payoutMethod)}
            hidden={{ token }}
            submitLabel={text.submit}
            messages={orderProblemMessages(copy)}
            summaryTitle={copy.problems.summary}
            questions={payeeQuestions(copy)}
          />
          <ButtonForm
            action={askPayoutCode}
            hidden={{ token }}
            className="order-payout__resend"
            submitLabel={text.resendButton}
          />
        </>
      ) : (
        <ButtonForm action={askPayoutCode} hidden={{ token }} submitLabel={text.askButton}>
          <p>{text.help}</p>
        </ButtonForm>
      )}
    </section>
  )
}

/** The code, then the choice of how to be paid and each method's fields as checkout shows them, in the content's words. */
function payoutFields(copy: OrderCopy, method: string): FormField[] {
  const text = copy.payoutChange
  return [
    {
      name: 'code',
      label: text.code,
      hint: text.codeHint,
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
      short: true,
    },
    ...payoutChoiceFields(copy.checkout, method),
  ]
}
