import type { AccountCopy } from '@/content/types'
import { PROBLEM_CODES, problemMessage, type ProblemCode } from './endpoint'

/** The content's words for every problem, numbers filled in, for the forms to show. */
export function problemMessages(copy: AccountCopy): Record<ProblemCode, string> {
  const seconds = 60
  return Object.fromEntries(PROBLEM_CODES.map((code) => [code, problemMessage(copy, code, seconds)])) as Record<
    ProblemCode,
    string
  >
}
