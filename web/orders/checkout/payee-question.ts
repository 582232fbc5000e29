import type { Outcome } from '@/forms/form-action'
import type { PayeeQuestion } from '@/payouts/payee-questions'
import type { OrderProblemCode } from './problems'

/**
 * Confirmation of Payee's question as a form's answer (checkout, a change of bank details): the
 * question's words with the bank's name, and its token carried by the form into the next post,
 * where the seller's choice (`payeeChoice`) is taken only for the details the token was made for.
 */
export function payeeQuestion(asked: {
  question: PayeeQuestion
  bankName: string | null
  token: string
}): Outcome<OrderProblemCode> {
  return {
    ok: false,
    errors: asked.question,
    fill: { bankName: asked.bankName ?? '' },
    carry: { payeeToken: asked.token },
  }
}
