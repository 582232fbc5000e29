import { explain, type ErrorCode } from './field-checks'
import type { Validation } from './schema'
import { jsonResponse, readJsonBody, unavailableResponse } from '@/http/json-request'
import type { RateLimiter } from '@/http/rate-limit'
import { refuseWrite } from '@/http/write-guard'
import type { FieldIssue, FieldProblem } from '@/lib/field-problem'
import { describeError } from '@/lib/log'

type Options<T> = {
  validate: (body: unknown) => Validation<T, ErrorCode>
  store: (value: T) => Promise<'created' | 'duplicate' | void>
  limiter: RateLimiter
  /** Thrown by `store` when the store cannot take the submission; anything else is a bug. */
  unavailable: new (...args: never[]) => Error
}

/**
 * A form's POST handler: same-origin check, per-client rate limit, a capped JSON body, the shared
 * validation, then the store. Every refusal is a 4xx with a code and a plain message; success is
 * reported only once the store has the submission.
 */
export function formEndpoint<T>({ validate, store, limiter, unavailable }: Options<T>) {
  return async function POST(request: Request): Promise<Response> {
    const refused = await refuseWrite(request, limiter, {
      crossOrigin: 'Submit the form from this site.',
      tooMany: 'Too many attempts.',
    })
    if (refused) return refused
    const read = await readJsonBody(request)
    if (!read.ok) return read.response
    const result = validate(read.body)
    if (!result.ok) return invalid(result.errors)
    try {
      const outcome = (await store(result.value)) ?? 'created'
      return jsonResponse(outcome === 'created' ? 201 : 200, { ok: true, status: outcome })
    } catch (error) {
      if (!(error instanceof unavailable)) throw error
      // The error's kind only: a failed query's message can quote what was sent.
      console.error(`Submission not stored: ${describeError(error)}`)
      return unavailableResponse('The submission could not be saved just now. Try again in a few minutes.')
    }
  }
}

/** Each problem with its plain explanation, for clients that are not the forms. */
function invalid(issues: FieldIssue<ErrorCode>[]): Response {
  const errors = issues.map(({ field, code }): FieldProblem => ({ field, code, message: explain(field, code) }))
  const first = errors[0]!
  return jsonResponse(422, { ok: false, code: first.code, message: first.message, errors })
}
