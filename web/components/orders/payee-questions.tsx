import type { ReactNode } from 'react'
import type { OrderCopy } from '@/content/types'
import type { PayeeQuestion } from '@/payouts/payee-questions'

/**
 * Confirmation of Payee's questions, for a form that takes bank details (checkout, a change of bank
 * details): under the answer's words (the name the bank holds), the seller's choices, posted as
 * `payeeChoice` with the question's token. Correcting the details and sending is the other way on.
 */
export function payeeQuestions(copy: OrderCopy): Record<PayeeQuestion, ReactNode> {
  const text = copy.checkout
  return {
    payeeCloseMatch: (
      <PayeeChoices
        legend={text.payeeChoiceLegend}
        retype={text.payeeRetype}
        choices={[
          { value: 'bankName', label: text.payeeUseBankName },
          { value: 'ownName', label: text.payeeKeepOwnName },
        ]}
      />
    ),
    payeeNoMatch: (
      <PayeeChoices
        legend={text.payeeChoiceLegend}
        retype={text.payeeRetype}
        choices={[{ value: 'sure', label: text.payeeSure }]}
      />
    ),
  }
}

function PayeeChoices({
  legend,
  retype,
  choices,
}: {
  legend: string
  retype: string
  choices: { value: string; label: string }[]
}) {
  return (
    <fieldset className="form-group payee-choices">
      <legend>{legend}</legend>
      {choices.map(({ value, label }) => (
        <div key={value} className="field field--check">
          <input type="radio" name="payeeChoice" value={value} id={`payee-choice-${value}`} />
          <label htmlFor={`payee-choice-${value}`}>{label}</label>
        </div>
      ))}
      <p className="field__hint">{retype}</p>
    </fieldset>
  )
}
