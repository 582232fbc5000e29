import type { SellingCopy } from '@/content/types'
import type { FieldProblem } from '@/lib/field-problem'
import type { Quote } from '@/lib/pricing'

/** Why the quote as a whole gave no price, and, for a form that shows them, each field's problem. */
type Problem = Omit<FieldProblem, 'field'> & { errors?: FieldProblem[] }

/** Why a quote gave no price, in the content's words: one message, and one per field where that helps. */
export function quoteProblems(quote: Exclude<Quote, { kind: 'price' }>, copy: SellingCopy['quote']): Problem {
  switch (quote.kind) {
    case 'refused':
      return { code: 'refused', message: quote.refusal }
    case 'unpriced':
      return { code: 'unpriced', message: copy.unknownChoice }
    case 'invalid': {
      const errors = quote.problems.map((problem): FieldProblem => ({
        field: problem.field,
        code: problem.code,
        message:
          problem.code === 'unknown'
            ? copy.unknownChoice
            : problem.field === 'storage'
              ? copy.storageError
              : copy.answerError,
      }))
      return { code: 'invalid', message: errors[0]?.message ?? copy.unknownChoice, errors }
    }
  }
}
