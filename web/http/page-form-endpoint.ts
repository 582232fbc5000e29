import 'server-only'
import { arrivedOverHttps } from './https'
import { NextResponse } from 'next/server'
import { readFormOrJsonBody, MAX_BODY_BYTES } from './json-request'
import { clientKey, type RateLimiter } from './rate-limit'
import { isCrossOrigin } from './same-origin'
import { seeOther } from './see-other'
import { describeError } from '@/lib/log'

/** Problems every form endpoint can report, whatever its own. */
export type CommonProblem = 'tooMany' | 'crossOrigin' | 'unavailable'

export type FieldProblem<C extends string> = { field: string; code: C }

export type Outcome<C extends string> =
  | { ok: true; redirect: string; setCookies?: string[] }
  | { ok: false; status: number; errors: FieldProblem<C>[] | C | CommonProblem }

export type Validation<T, C extends string> = { ok: true; value: T } | { ok: false; errors: FieldProblem<C>[] }

type Options<T, C extends string> = {
  limiter: RateLimiter
  bodyLimit?: number
  /** The page a form posted without scripts goes back to with its problems. */
  page: (body: Record<string, string>) => string
  validate: (body: Record<string, string>) => Validation<T, C>
  run: (value: T, context: { request: Request; body: Record<string, string> }) => Promise<Outcome<C>>
  /** The content's words for a problem, with how long to wait filled in where it says. */
  words: () => Promise<(code: C | CommonProblem, seconds?: number) => string>
  /** Runs around `run`, to give it what it needs from the request (where e-mail links point). */
  around?: <R>(request: Request, work: () => Promise<R>) => Promise<R>
  /** What the log says failed, never with what was sent. */
  name: string
  /**
   * A cookie to set when a form posted without scripts is sent back with problems: what was typed
   * (the caller decides which fields), so the page can show it again.
   */
  keepTyped?: (body: Record<string, string>, request: Request) => string | null
}

/**
 * A form's POST handler. A script sends JSON and gets JSON; a browser running none posts the form
 * and is sent on (303) to the next page, or back to the form's page with the problems in the
 * address (their codes only: never what was typed). Refusals are 4xx in the content's words:
 * another site's form 403, too many tries 429, a body too big 413, invalid fields 422.
 */
export function pageFormEndpoint<T, C extends string>(options: Options<T, C>) {
  const { limiter, page, validate, run, words, around = (_request, work) => work(), name } = options
  return async function POST(request: Request): Promise<Response> {
    const answer = respond(request, await words(), options.keepTyped)
    if (isCrossOrigin(request)) return answer.problem(403, 'crossOrigin', '/')
    const quota = await limiter.take(clientKey(request))
    const read = quota.allowed ? await readFormOrJsonBody(request, options.bodyLimit ?? MAX_BODY_BYTES) : null
    const body = read?.ok
      ? asStrings(read.value.kind === 'form' ? Object.fromEntries(read.value.body) : read.value.body)
      : {}
    answer.typed(body)
    if (!quota.allowed) return answer.problem(429, 'tooMany', page(body), quota.retryAfter)
    if (read && !read.ok) return read.response

    const result = validate(body)
    if (!result.ok) return answer.invalid(422, result.errors, page(body))
    try {
      const outcome = await around(request, () => run(result.value, { request, body }))
      if (!outcome.ok) {
        return typeof outcome.errors === 'string'
          ? answer.problem(outcome.status, outcome.errors, page(body))
          : answer.invalid(outcome.status, outcome.errors, page(body))
      }
      return answer.success(outcome.redirect, outcome.setCookies ?? [])
    } catch (error) {
      console.error(`${name} failed: ${describeError(error)}`)
      return answer.problem(503, 'unavailable', page(body))
    }
  }
}

function respond<C extends string>(
  request: Request,
  words: (code: C | CommonProblem, seconds?: number) => string,
  keepTyped: ((body: Record<string, string>, request: Request) => string | null) | undefined,
) {
  const wantsJson = !/^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')
  let typed: Record<string, string> = {}
  const back = (path: string, errors: FieldProblem<C>[] | C | CommonProblem, retryAfter?: number) => {
    const url = new URL(path, 'http://this.site')
    if (typeof errors === 'string') url.searchParams.set('problem', errors)
    else url.searchParams.set('errors', errors.map(({ field, code }) => `${field}:${code}`).join(','))
    if (retryAfter) url.searchParams.set('wait', String(retryAfter))
    const response = seeOther(`${url.pathname}${url.search}${url.hash}`)
    const cookie = keepTyped?.(typed, request)
    if (cookie) response.headers.append('set-cookie', cookie)
    return response
  }
  return {
    /** What was sent, for `keepTyped`. */
    typed(body: Record<string, string>) {
      typed = body
    },
    problem(status: number, code: C | CommonProblem, path: string, retryAfter?: number) {
      if (!wantsJson) return back(path, code, retryAfter)
      const headers: Record<string, string> = retryAfter ? { 'retry-after': String(retryAfter) } : {}
      return json(status, { ok: false, code, message: words(code, retryAfter) }, headers)
    },
    invalid(status: number, errors: FieldProblem<C>[], path: string) {
      if (!wantsJson) return back(path, errors)
      const described = errors.map((error) => ({ ...error, message: words(error.code) }))
      return json(status, { ok: false, code: described[0]!.code, message: described[0]!.message, errors: described })
    },
    success(redirect: string, setCookies: string[]) {
      const response = wantsJson ? json(200, { ok: true, redirect }) : seeOther(redirect)
      // better-auth marks its cookies Secure only when SITE_URL is https; any request that came
      // over HTTPS (here, or at the trusted proxy in front) gets them Secure whatever it says.
      const secure = arrivedOverHttps(request)
      for (const cookie of setCookies) {
        response.headers.append('set-cookie', secure && !/;\s*secure\b/i.test(cookie) ? `${cookie}; Secure` : cookie)
      }
      return response
    },
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return NextResponse.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } })
}

function asStrings(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {}
  const strings: Record<string, string> = {}
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') strings[key] = value
    else if (typeof value === 'boolean') strings[key] = value ? 'true' : ''
  }
  return strings
}
