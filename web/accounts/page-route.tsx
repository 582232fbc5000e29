import type { ReactNode } from 'react'
import { redirect } from 'next/navigation'
import { CmsPage } from '@/components/layout/cms-page'
import { getAccountCopy } from '@/content/loaders'
import { perVisitorMetadata } from '@/content/per-visitor-metadata'
import type { AccountCopy } from '@/content/types'
import { problemsFromQuery as problemsFromQueryOf } from '@/http/problems-query'
import { firstValues, type Query } from '@/http/search-params'
import { isProblemCode, PROBLEM_CODES, problemMessage, type ProblemCode } from './endpoint'
import { safeNextPath } from './next-path'
import { getPageVisitor, type SignedIn } from './session'

export type PanelProps = { copy: AccountCopy; query: Record<string, string>; visitor: SignedIn | null }
type Access = 'visitors' | 'members' | 'anyone'

/**
 * An account page: the CMS page at `path`, with `Panel` where its editor placed the account
 * section. Rendered per request (the session, a `next` address, a reset token, problems sent back
 * to a browser running no scripts) and never indexed. Pages for `members` send everyone else to
 * log in; pages for `visitors` send a signed-in visitor on.
 */
export function accountPageRoute(path: string, access: Access, Panel: (props: PanelProps) => ReactNode) {
  return {
    generateMetadata: () => perVisitorMetadata(path),

    async Page({ searchParams }: { searchParams: Promise<Query> }) {
      const query = firstValues(await searchParams)
      const [visitor, copy] = await Promise.all([getPageVisitor(), getAccountCopy()])
      if (access === 'members' && !visitor) redirect(`/login?next=${encodeURIComponent(path)}`)
      if (access === 'visitors' && visitor) redirect(safeNextPath(query.next))
      return <CmsPage path={path} account={<Panel copy={copy} query={query} visitor={visitor} />} />
    },
  }
}

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
