import type { FormOrJson } from '@/http/json-request'
import type { AddRequest } from './service'

const MAX_FIELD = 100
const MAX_ANSWERS = 30
const NOT_ANSWERS = new Set(['model', 'storage', 'back', 'pricePage'])

/** What an add-to-basket request asks for, from a script's JSON or a plain form, or why it is malformed. */
export function parseAddRequest(input: FormOrJson): AddRequest | { error: string } {
  if (input.kind === 'form') {
    const answers: Record<string, string> = {}
    for (const [key, value] of input.body) if (!NOT_ANSWERS.has(key)) answers[key] = value
    return checked(input.body.get('model'), input.body.get('storage'), answers)
  }
  const body = input.body
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { error: 'Send an object with model, storage and answers.' }
  const { model, storage, answers } = body as Record<string, unknown>
  if (answers !== undefined && (typeof answers !== 'object' || answers === null || Array.isArray(answers))) {
    return { error: 'answers must be an object of question keys and answer keys.' }
  }
  if (storage !== undefined && storage !== null && typeof storage !== 'string')
    return { error: 'storage must be a string.' }
  return checked(model, storage ?? null, (answers ?? {}) as Record<string, unknown>)
}

function checked(model: unknown, storage: unknown, answers: Record<string, unknown>): AddRequest | { error: string } {
  if (typeof model !== 'string' || !model || model.length > MAX_FIELD) return { error: 'model must name a model.' }
  const entries = Object.entries(answers)
  if (entries.length > MAX_ANSWERS) return { error: `At most ${MAX_ANSWERS} answers.` }
  const clean: Record<string, string> = {}
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || key.length > MAX_FIELD || value.length > MAX_FIELD) {
      return { error: 'Each answer must be a short string.' }
    }
    if (value) clean[key] = value
  }
  return { model, storage: typeof storage === 'string' && storage ? storage.slice(0, MAX_FIELD) : null, answers: clean }
}

/** The change a quantity form or script asks for: one more or one fewer. */
export function parseChange(input: FormOrJson): 1 | -1 | null {
  const raw = input.kind === 'form' ? input.body.get('change') : (input.body as { change?: unknown } | null)?.change
  const change = typeof raw === 'string' ? Number(raw) : raw
  return change === 1 || change === -1 ? change : null
}

/** A path on this site to return a no-script visitor to; anything else returns them to the basket page. */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  return value && /^\/(?!\/)[\w\-/]*$/.test(value) ? value : fallback
}

/** The query string that puts a no-script visitor's choices back into the price checker. */
export function choicesQuery(request: AddRequest): URLSearchParams {
  const query = new URLSearchParams({ model: request.model })
  if (request.storage) query.set('storage', request.storage)
  for (const [key, value] of Object.entries(request.answers)) if (value) query.set(key, value)
  return query
}
