/**
 * What a form's server action answers: where the submission stands, the fields the server refused
 * (their codes: the form shows the editor's words for them), and what was typed when the
 * submission was not taken, so the form can show it again. A browser running no scripts gets the
 * same answer rendered into the page it is sent back to.
 */
export type FormAnswer = {
  status: 'idle' | 'created' | 'duplicate' | 'invalid' | 'rate_limited' | 'failed'
  errors?: Array<{ field: string; code: string }>
  typed?: Record<string, string>
}

// Every static page's form carries it (as the action's starting state), so it says no more than it must.
export const NO_ANSWER: FormAnswer = { status: 'idle' }
