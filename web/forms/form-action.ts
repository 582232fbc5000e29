import 'server-only'
import { parseSetCookieHeader, toCookieOptions } from 'better-auth/cookies'
import { cookies, headers } from 'next/headers'
import { notFound, redirect, RedirectType, unstable_rethrow } from 'next/navigation'
import { arrivedOverHttps } from '@/http/https'
import { clientKey, type RateLimiter } from '@/http/rate-limit'
import { isCrossOrigin } from '@/http/same-origin'
import { describeError } from '@/lib/log'
import type { FieldIssue, FieldProblem } from '@/lib/field-problem'
import type { FormAction, FormState } from './form-state'
import type { Validation } from './schema'

const TYPED_MAX = 1000

/** Problems every form can report, whatever its own. */
export type CommonProblem = 'tooMany' | 'crossOrigin' | 'unavailable'

/** Values a problem's words are filled with (`seconds`: how long a `tooMany` refusal asks to wait). */
export type Fill = Record<string, string | number>

export type Outcome<C extends string, Data = never> =
  /** Taken: the visitor is sent on to the next page. */
  | { ok: true; redirect: string; setCookies?: string[] }
  /** Taken, and the form stays where it is: the content's words saying so, and what the change left. */
  | { ok: true; done?: string; data?: Data }
  | { ok: false; errors: FieldIssue<C>[] | C | CommonProblem; fill?: Fill; data?: Data; carry?: Record<string, string> }

export type RunContext<Who> = {
  request: Request
  body: Record<string, string>
  /** Posted by the page's scripts (Next's router); otherwise by a browser running none. */
  scripted: boolean
  /** Who sent it, for a form only some may post (`only`). */
  who: Who
}

export type FormActionOptions<T, C extends string, Data = never, Who = null> = {
  /** How often one client may post it. A form only staff reach (`only`) may go without. */
  limiter?: RateLimiter
  /** The page the form is on: the address the request is described with, for `run`. */
  page: string | ((body: Record<string, string>) => string)
  /**
   * For a form only some may post (staff's): who sent it, or null. Anyone else, and any post from
   * another site, meets the 404 the pages give them, and nothing changes.
   */
  only?: (incoming: Headers) => Promise<Who | null>
  /** The form's rules; a promise where they depend on content (a number the editors set). */
  validate: (body: Record<string, string>) => Validation<T, C> | Promise<Validation<T, C>>
  run: (value: T, context: RunContext<Who>) => Promise<Outcome<C, Data>>
  /**
   * The content's words for a problem (in the field it names, if any), filled with the outcome's
   * values; from the post's own fields where the form's words depend on where it was (its page section).
   */
  words: (body: Record<string, string>) => Promise<(code: C | CommonProblem, fill?: Fill, field?: string) => string>
  /** Runs around `run`, to give it what it needs from the request (where e-mail links point). */
  around?: <R>(request: Request, work: () => Promise<R>) => Promise<R>
  /** What the log says failed, never with what was sent. */
  name: string
  /** Fields never given back to the page (a bank account's numbers); passwords never are. */
  secret?: readonly string[]
}

/**
 * A server action: the one way a form is posted, with scripts or without, and the one answer
 * (`FormState`) every form renders from. Next refuses an action posted from another site; this
 * checks the origin again by the site's own rule (a no-referrer page's `Origin: null`), lets only
 * whom `only` names through, counts the client against the form's rate limit, runs the form's
 * rules and then its work. Taken, the visitor is sent on to the next page (a 303 without scripts;
 * with them, Next's router goes there), or the form answers `done` where it stays. Otherwise the
 * page comes back with the problems in the content's words and what was typed, passwords and
 * `secret` fields left out. Nothing ever goes into the address.
 */
export function formAction<T, C extends string, Data = never, Who = null>(
  options: FormActionOptions<T, C, Data, Who>,
): FormAction<Data> {
  const { limiter, page, only, validate, run, words, around = (_request, work) => work(), name } = options
  const secret = new Set(options.secret ?? [])
  return async function action(previous, form) {
    const incoming = await headers()
    const body = fieldsOf(form)
    const request = describedRequest(incoming, typeof page === 'string' ? page : page(body))
    const crossOrigin = isCrossOrigin(request)
    let who = null as Who
    if (only) {
      const found = crossOrigin ? null : await only(incoming)
      if (found === null) notFound()
      who = found
    }
    const say = await words(body)
    const typed = typedBack(body, secret)
    const sent = (previous?.sent ?? 0) + 1
    const answer = (problems: FieldProblem[], data?: Data): FormState<Data> =>
      data === undefined ? { problems, typed, sent } : { problems, typed, sent, data }
    const problem = (code: C | CommonProblem, fill?: Fill, data?: Data) =>
      answer([{ field: null, code, message: say(code, fill) }], data)

    if (crossOrigin) return problem('crossOrigin')
    const quota = limiter ? await limiter.take(clientKey(request)) : ({ allowed: true } as const)
    if (!quota.allowed) return problem('tooMany', { seconds: quota.retryAfter })
    let checked: Validation<T, C>
    try {
      checked = await validate(body)
    } catch (error) {
      unstable_rethrow(error)
      console.error(`${name} failed: ${describeError(error)}`)
      return problem('unavailable')
    }
    if (!checked.ok)
      return answer(checked.errors.map(({ field, code }) => ({ field, code, message: say(code, undefined, field) })))

    let outcome: Outcome<C, Data>
    try {
      const context = { request, body, scripted: incoming.has('next-action'), who }
      outcome = await around(request, () => run(checked.value, context))
    } catch (error) {
      // A 404 or a redirect `run` asked for is Next's to answer, not a failure.
      unstable_rethrow(error)
      console.error(`${name} failed: ${describeError(error)}`)
      return problem('unavailable')
    }
    if (!outcome.ok) {
      const refused =
        typeof outcome.errors === 'string'
          ? problem(outcome.errors, outcome.fill, outcome.data)
          : answer(
              outcome.errors.map(({ field, code }) => ({ field, code, message: say(code, outcome.fill, field) })),
              outcome.data,
            )
      return outcome.carry ? { ...refused, carry: outcome.carry } : refused
    }
    if ('redirect' in outcome) {
      await setCookies(outcome.setCookies ?? [], arrivedOverHttps(request))
      redirect(outcome.redirect, RedirectType.push)
    }
    const done: FormState<Data> = { problems: [], typed: {}, sent }
    if (outcome.done !== undefined) done.done = outcome.done
    if (outcome.data !== undefined) done.data = outcome.data
    return done
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
