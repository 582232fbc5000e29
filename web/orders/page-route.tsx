import type { ReactNode } from 'react'
import { getPageVisitor, type SignedIn } from '@/accounts/session'
import { CmsPage } from '@/components/layout/cms-page'
import { getOrderCopy } from '@/content/loaders'
import { perVisitorMetadata } from '@/content/per-visitor-metadata'
import type { OrderCopy } from '@/content/types'
import { firstValues, type Query } from '@/http/search-params'

export type OrderPanelProps = { copy: OrderCopy; query: Record<string, string>; visitor: SignedIn | null }

/**
 * An order page: the CMS page at `path`, with `Panel` where its editor placed the order panel.
 * Rendered per request (the basket, a signed link to an order, problems sent back to a browser
 * running no scripts), never cached or indexed (see PER_VISITOR_PATHS).
 */
export function orderPageRoute(path: string, Panel: (props: OrderPanelProps) => ReactNode) {
  return {
    generateMetadata: () => perVisitorMetadata(path),

    async Page({ searchParams }: { searchParams: Promise<Query> }) {
      const query = firstValues(await searchParams)
      const [visitor, copy] = await Promise.all([getPageVisitor(), getOrderCopy()])
      return <CmsPage path={path} order={<Panel copy={copy} query={query} visitor={visitor} />} />
    },
  }
}
