import 'server-only'
import { NextResponse } from 'next/server'
import { getAccountCopy, getSiteSettings } from '@/content/loaders'
import type { AccountCopy } from '@/content/types'
import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ACCOUNT_PROBLEMS,
  type AccountValidation,
} from '@/lib/forms/account-validation'
import { readFormOrJsonBody } from '@/lib/http/json-request'
import { clientKey, type RateLimiter } from '@/lib/http/rate-limit'
import { isCrossOrigin } from '@/lib/http/same-origin'
import { seeOther } from '@/lib/http/see-other'
import { fillTemplate } from '@/lib/templates'
import { linkOriginFor, withLinkOrigin } from './link-origin'

/** Every problem the account endpoints report; each names its words in the Accounts document. */
export const PROBLEM_CODES = [
  ...ACCOUNT_PROBLEMS,
  'wrongCredentials',
  'currentPasswordWrong',
  'samePassword',
  'linkInvalid',
  'tooMany',
  'crossOrigin',
  'unavailable',
] as const
export type ProblemCode = (typeof PROBLEM_CODES)[number]

export type FieldProblem = { field: string; code: ProblemCode }

export type Outcome =
  | { ok: true; redirect: string; setCookies?: string[] }
  | { ok: false; status: number; errors: FieldProblem[] | ProblemCode }

type Options<T> = {
  limiter: RateLimiter
  /** The page a form posted without scripts goes back to with its problems. */
  page: (body: Record<string, string>) => string
  validate: (body: Record<string, string>) => AccountValidation<T>
  run: (value: T, context: { request: Request; headers: Headers }) => Promise<Outcome>
}

/**
 * An account form's POST handler. A script sends JSON and gets JSON; a browser running none posts
 * the form and is sent on (303) to the next page, or back to the form's page with the problems in
 * the address (their codes only: never what was typed). Refusals are 4xx in the content's words.
 */
export function accountEndpoint<T>({ limiter, page, validate, run }: Options<T>) {
  return async function POST(request: Request): Promise<Response> {
    const copy = await getAccountCopy()
    const answer = respond(request, copy)
    if (isCrossOrigin(request)) return answer.problem(403, 'crossOrigin', '/')
    const quota = limiter.take(clientKey(request))
    const read = quota.allowed ? await readFormOrJsonBody(request) : null
    const body = read?.ok
      ? asStrings(read.value.kind === 'form' ? Object.fromEntries(read.value.body) : read.value.body)
      : {}
    if (!quota.allowed) return answer.problem(429, 'tooMany', page(body), quota.retryAfter)
    if (read && !read.ok) return read.response

    const result = validate(body)
    if (!result.ok) return answer.invalid(422, result.errors, page(body))
    try {
      const settings = await getSiteSettings()
      const outcome = await withLinkOrigin(linkOriginFor(request, settings.siteUrl), () =>
        run(result.value, { request, headers: forwardedHeaders(request) }),
      )
      if (!outcome.ok) {
        return typeof outcome.errors === 'string'
          ? answer.problem(outcome.status, outcome.errors, page(body))
          : answer.invalid(outcome.status, outcome.errors, page(body))
      }
      return answer.success(outcome.redirect, outcome.setCookies ?? [])
    } catch (error) {
      console.error(`Account request failed: ${(error as Error).name}: ${(error as Error).message}`)
      return answer.problem(503, 'unavailable', page(body))
    }
  }
}

/** The words for a problem, with its numbers filled in. */
export function problemMessage(copy: AccountCopy, code: ProblemCode, seconds = 0): string {
  const max = code === 'nameTooLong' ? NAME_MAX : PASSWORD_MAX
  return fillTemplate(copy.problems[code], { min: PASSWORD_MIN, max, seconds })
}

export function isProblemCode(code: string): code is ProblemCode {
  return (PROBLEM_CODES as readonly string[]).includes(code)
}

function respond(request: Request, copy: AccountCopy) {
  const wantsJson = !/^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')
  const back = (path: string, errors: FieldProblem[] | ProblemCode, retryAfter?: number) => {
    const url = new URL(path, 'http://this.site')
    if (typeof errors === 'string') url.searchParams.set('problem', errors)
    else url.searchParams.set('errors', errors.map(({ field, code }) => `${field}:${code}`).join(','))
    if (retryAfter) url.searchParams.set('wait', String(retryAfter))
    return seeOther(`${url.pathname}${url.search}`)
  }
  return {
    problem(status: number, code: ProblemCode, path: string, retryAfter?: number) {
      if (!wantsJson) return back(path, code, retryAfter)
      const headers: Record<string, string> = retryAfter ? { 'retry-after': String(retryAfter) } : {}
      return json(status, { ok: false, code, message: problemMessage(copy, code, retryAfter) }, headers)
    },
    invalid(status: number, errors: FieldProblem[], path: string) {
      if (!wantsJson) return back(path, errors)
      const described = errors.map((error) => ({ ...error, message: problemMessage(copy, error.code) }))
      return json(status, { ok: false, code: described[0]!.code, message: described[0]!.message, errors: described })
    },
    success(redirect: string, setCookies: string[]) {
      const response = wantsJson ? json(200, { ok: true, redirect }) : seeOther(redirect)
      for (const cookie of setCookies) response.headers.append('set-cookie', cookie)
      return response
    },
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
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

/**
 * The headers better-auth sees: the visitor's cookies and agent, and the client address by the
 * site's rule, so a session records the address the rate limits use.
 */
export function forwardedHeaders(request: Request): Headers {
  const headers = new Headers()
  for (const name of ['cookie', 'user-agent', 'host']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  headers.set('x-forwarded-for', clientKey(request))
  return headers
}
