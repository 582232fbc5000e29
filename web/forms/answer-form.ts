import 'server-only'
import { headers } from 'next/headers'
import { clientKeyFrom, type RateLimiter } from '@/http/rate-limit'
import type { FormAnswer } from './form-answer'
import type { Validation } from './schema'

type Steps<T> = {
  limiter: RateLimiter
  /** What was typed, given back whenever the submission is not taken. */
  typed: Record<string, string>
  /** The form's rules, given the honeypot field when a robot filled it in. */
  check: (website: { website?: string }) => Validation<T>
  store: (value: T) => Promise<'created' | 'duplicate'>
  /** Thrown by `store` when it cannot take the submission just now; anything else is a bug. */
  unavailable: new (...args: never[]) => Error
  /** What the log says was not stored, never with what was sent. */
  name: string
}

/**
 * What the newsletter and contact forms' actions do, in the JSON endpoints' order: rate limit,
 * rules, store.
 */
export async function answerForm<T>(
  form: FormData,
  { limiter, typed, check, store, unavailable, name }: Steps<T>,
): Promise<FormAnswer> {
  if (!(await limiter.take(clientKeyFrom(await headers()))).allowed) return { status: 'rate_limited', typed }
  const website = text(form, 'website')
  const checked = check(website ? { website } : {})
  if (!checked.ok) {
    return { status: 'invalid', typed, errors: checked.errors.map(({ field, code }) => ({ field, code })) }
  }
  try {
    return { status: await store(checked.value) }
  } catch (error) {
    if (!(error instanceof unavailable)) throw error
    console.error(`${name} not stored: ${error.message}`)
    return { status: 'failed', typed }
  }
}

/** A text field's value, or '' when the form has none. */
export function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
