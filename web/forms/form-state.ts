/**
 * What a page form's server action answers, and what the form renders from: the problems found
 * (each with its code, for the field it belongs to, and the content's words for it) and what was
 * typed, so the page it returns shows it again. Never a password: the form leaves those out.
 * `sent` counts the answers, so the form can move the focus to a new set of problems. Success has
 * no answer: the action sends the visitor on to the next page.
 */
export type FormProblem = { field: string | null; code: string; message: string }

export type FormState = {
  problems: FormProblem[]
  typed: Record<string, string>
  sent: number
}

export const FRESH_FORM: FormState = { problems: [], typed: {}, sent: 0 }

/** A server action a page form posts to, with scripts or without. */
export type FormAction = (previous: FormState, form: FormData) => Promise<FormState>
