import type { FieldProblem } from '@/lib/field-problem'

/**
 * What every server action answers, and what its form renders from: the problems found (each with
 * its code, for the field it belongs to, and the content's words for it) and what was typed, so the
 * page it returns shows it again. Never a password: the form leaves those out. `sent` counts the
 * answers, so the form can move the focus to a new set of problems.
 *
 * A form that moves on sends the visitor to the next page and answers nothing. A form that stays
 * where it is (a sign-up in a page's strip, a button on a link's page, the basket) answers `done`:
 * the content's words saying it was taken; and, where the page shows what the change left (the
 * basket after it), `data`.
 */
export type FormState<Data = never> = {
  problems: FieldProblem[]
  typed: Record<string, string>
  sent: number
  done?: string
  data?: Data
  /**
   * Fields the answer asks the next post to carry, as hidden inputs (a question's token, such as
   * Confirmation of Payee's, which binds the seller's answer to the details it was asked about).
   */
  carry?: Record<string, string>
}

export const FRESH_FORM: FormState = { problems: [], typed: {}, sent: 0 }

/** A server action a page form posts to, with scripts or without. */
export type FormAction<Data = never> = (previous: FormState<Data>, form: FormData) => Promise<FormState<Data>>
