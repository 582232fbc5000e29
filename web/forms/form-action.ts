import 'server-only'
import { parseSetCookieHeader, toCookieOptions } from 'better-auth/cookies'
import { cookies, headers } from 'next/headers'
import { redirect, RedirectType } from 'next/navigation'
import { arrivedOverHttps } from '@/http/https'
import { clientKey, type RateLimiter } from '@/http/rate-limit'
import { isCrossOrigin } from '@/http/same-origin'
import { describeError } from '@/lib/log'
import type { FormProblem, FormState } from './form-state'
import type { FieldIssue, Validation } from './schema'

const TYPED_MAX = 1000

/** Problems every form can report, whatever its own. */
export type CommonProblem = 'tooMany' | 'crossOrigin' | 'unavailable'

export type Outcome<C extends string> =
  | { ok: true; redirect: string; setCookies?: string[] }
  /** `wait`: the seconds a `tooMany` refusal asks the visitor to wait. */
  | { ok: false; errors: FieldIssue<C>[] | C | CommonProblem; wait?: number }

export type FormActionOptions<T, C extends string> = {
  limiter: RateLimiter
  /** The page the form is on: the address the request is described with, for `run`. */
  page: string
  validate: (body: Record<string, string>) => Validation<T, C>
  run: (value: T, context: { request: Request; body: Record<string, string> }) => Promise<Outcome<C>>
  /** The content's words for a problem, with how long to wait filled in where it says. */
  words: () => Promise<(code: C | CommonProblem, seconds?: number) => string>
  /** Runs around `run`, to give it what it needs from the request (where e-mail links point). */
  around?: <R>(request: Request, work: () => Promise<R>) => Promise<R>
  /** What the log says failed, never with what was sent. */
  name: string
  /** Fields never given back to the page (a bank account's numbers); passwords never are. */
  secret?: readonly string[]
}

/**
 * A page form's server action: the one way a form a person fills in is posted, with scripts or
 * without. Next refuses an action posted from another site; this checks the origin again by the
 * site's own rule (a no-referrer page's `Origin: null`), counts the client against the form's rate
 * limit, runs the form's rules and then its work. On success the visitor is sent on to the next
 * page (a 303 without scripts; with them, Next's router goes there). Otherwise the page comes back with the problems in the content's words and
 * what was typed, passwords and `secret` fields left out. Nothing ever goes into the address.
 */
export function formAction<T, C extends string>(options: FormActionOptions<T, C>) {
  const { limiter, page, validate, run, words, around = (_request, work) => work(), name } = options
  const secret = new Set(options.secret ?? [])
  return async function action(previous: FormState, form: FormData): Promise<FormState> {
    const incoming = await headers()
    const request = describedRequest(incoming, page)
    const body = fieldsOf(form)
    const say = await words()
    const typed = typedBack(body, secret)
    const sent = (previous?.sent ?? 0) + 1
    const answer = (problems: FormProblem[]): FormState => ({ problems, typed, sent })
    const problem = (code: C | CommonProblem, seconds?: number) =>
      answer([{ field: null, code, message: say(code, seconds) }])

    if (isCrossOrigin(request)) return problem('crossOrigin')
    const quota = await limiter.take(clientKey(request))
    if (!quota.allowed) return problem('tooMany', quota.retryAfter)
    const checked = validate(body)
    if (!checked.ok) return answer(checked.errors.map(({ field, code }) => ({ field, code, message: say(code) })))

    let outcome: Outcome<C>
    try {
      outcome = await around(request, () => run(checked.value, { request, body }))
    } catch (error) {
      console.error(`${name} failed: ${describeError(error)}`)
      return problem('unavailable')
    }
    if (!outcome.ok) {
      return typeof outcome.errors === 'string'
        ? problem(outcome.errors, outcome.wait)
        : answer(outcome.errors.map(({ field, code }) => ({ field, code, message: say(code) })))
    }
    await setCookies(outcome.setCookies ?? [], arrivedOverHttps(request))
    redirect(outcome.redirect, RedirectType.push)
  }
}

/**
 * What was typed, to give back in the page (and by the page in its next post): bounded, whatever
 * was sent, and never a password or a `secret` field.
 */
export function typedBack(body: Record<string, string>, secret: ReadonlySet<string> = new Set()) {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([field]) => !/password/i.test(field) && !secret.has(field))
      .map(([field, value]) => [field, value.slice(0, TYPED_MAX)]),
  )
}

/**
 * The request as the page's route would have seen it: its headers, at the form's page. `run`
 * reads cookies, the client address and the host from it, as the JSON endpoints did.
 */
export function describedRequest(incoming: Headers, page: string): Request {
  const host = incoming.get('host') ?? 'localhost'
  const protocol = incoming.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http'
  const address = new URL(page, `${protocol}://${host}`)
  return new Request(address, { method: 'POST', headers: new Headers(incoming) })
}

/** The form's text fields; Next's own (`$ACTION_…`) and files left out. */
export function fieldsOf(form: FormData): Record<string, string> {
  const body: Record<string, string> = {}
  for (const [key, value] of form) {
    if (typeof value === 'string' && !key.startsWith('$ACTION')) body[key] = value
  }
  return body
}

/**
 * The cookies `run` answered with (better-auth's session, for one), set on this response. Any
 * request that came over HTTPS (here, or at the trusted proxy in front) gets them Secure, whatever
 * better-auth decided from SITE_URL.
 */
async function setCookies(setCookie: string[], secure: boolean) {
  if (!setCookie.length) return
  const jar = await cookies()
  for (const header of setCookie) {
    for (const [cookieName, attributes] of parseSetCookieHeader(header)) {
      const options = toCookieOptions(attributes)
      jar.set(cookieName, attributes.value, { ...options, secure: secure || options.secure })
    }
  }
}
