import 'server-only'
import { isAPIError } from 'better-auth/api'
import { getAccountCopy } from '@/content/loaders'
import type { AccountCopy } from '@/content/types'
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, ACCOUNT_PROBLEMS, type AccountProblem } from '@/accounts/validation'
import type { Validation } from '@/forms/schema'
import { formAction, type Outcome as BaseOutcome } from '@/forms/form-action'
import { clientAddressFrom, type RateLimiter } from '@/http/rate-limit'
import { fillTemplate } from '@/lib/templates'
import { linkOrigin, withLinkOrigin } from '@/mail/link-origin'

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
  'openOrders',
  'lastManager',
  'confirmPasswordWrong',
  'codeWrong',
  'codeLocked',
  'enrolmentRestart',
  'signedIn',
  'setupLinkInvalid',
  'resetOwn',
] as const
export type ProblemCode = (typeof PROBLEM_CODES)[number]

export type Outcome = BaseOutcome<ProblemCode>

type Options<T> = {
  limiter: RateLimiter
  page: string
  validate: (body: Record<string, string>) => Validation<T, AccountProblem>
  run: (value: T, context: { request: Request; headers: Headers }) => Promise<Outcome>
}

/**
 * An account form's server action (see formAction): refusals in the Accounts document's words,
 * and e-mail links pointing where SITE_URL says (see linkOrigin in web/config).
 */
export function accountForm<T>({ limiter, page, validate, run }: Options<T>) {
  return formAction<T, ProblemCode>({
    limiter,
    page,
    validate,
    name: 'Account request',
    words: async () => {
      const copy = await getAccountCopy()
      return (code, fill) => problemMessage(copy, code, Number(fill?.seconds ?? 0))
    },
    around: async (_request, work) => {
      return withLinkOrigin(linkOrigin(), work)
    },
    run: (value, { request }) => run(value, { request, headers: forwardedHeaders(request) }),
  })
}

/** The words for a problem, with its numbers filled in. */
export function problemMessage(copy: AccountCopy, code: ProblemCode, seconds = 0): string {
  const max = code === 'nameTooLong' ? NAME_MAX : PASSWORD_MAX
  return fillTemplate(copy.problems[code], { min: PASSWORD_MIN, max, seconds })
}

export function isProblemCode(code: string): code is ProblemCode {
  return (PROBLEM_CODES as readonly string[]).includes(code)
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
  headers.set('x-forwarded-for', clientAddressFrom(request.headers))
  return headers
}

export const done = (redirect: string, setCookies: string[] = []): Outcome => ({ ok: true, redirect, setCookies })
export const refused = (errors: Extract<Outcome, { ok: false }>['errors']): Outcome => ({ ok: false, errors })
export const cookiesOf = (headers: Headers | null | undefined) => headers?.getSetCookie() ?? []

// Compared by shape: the class better-auth throws is not always the one this module imports.
export const errorCode = (error: unknown) => (isAPIError(error) ? (error.body?.code ?? '') : null)
