import type { AccountCopy } from '@/content/types'
import { problemsFromQuery as problemsFromQueryOf } from '@/http/problems-query'
import { isProblemCode, PROBLEM_CODES, problemMessage, type ProblemCode } from './endpoint'

/** The content's words for every problem, numbers filled in, for the forms to show. */
export function problemMessages(copy: AccountCopy, wait?: string): Record<ProblemCode, string> {
  const seconds = Number(wait) > 0 ? Math.ceil(Number(wait)) : 60
  return Object.fromEntries(PROBLEM_CODES.map((code) => [code, problemMessage(copy, code, seconds)])) as Record<
    ProblemCode,
    string
  >
}

/** Problems sent back in the address to a browser running no scripts: known codes only. */
export const problemsFromQuery = (query: Record<string, string>) => problemsFromQueryOf(query, isProblemCode)
