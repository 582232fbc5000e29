import type { ReactNode } from 'react'
import { redirect } from 'next/navigation'
import { safeNextPath } from '@/accounts/next-path'
import { getPageVisitor, type SignedIn } from '@/accounts/session'
import type { PanelProps as AccountPanelProps } from '@/components/account/panel-props'
import { CmsPage } from '@/components/layout/cms-page'
import type { OrderPanelProps } from '@/components/orders/panel-props'
import { getAccountCopy, getOrderCopy } from '@/content/loaders'
import { perVisitorMetadata } from '@/content/per-visitor-metadata'
import { firstValues, type Query } from '@/http/search-params'

export type PanelRequest = { query: Record<string, string>; visitor: SignedIn | null }

type Options = {
  /** The CMS page the panel sits in, where its editor placed the account or order section. */
  path: string
  slot: 'account' | 'order'
  /** `members`: everyone else is sent to log in; `visitors`: a signed-in visitor is sent on. */
  access?: 'visitors' | 'members' | 'anyone'
  /** Reads what the panel shows and draws it: the page's loader, the one place it reads data. */
  render: (request: PanelRequest) => Promise<ReactNode>
}

/**
 * A page of the visitor's own (an account page, checkout, an order opened by its signed link):
 * rendered per request, never cached or indexed (see PER_VISITOR_PATHS). The panel receives
 * everything as props; reading the database, cookies and the session happens here and in `render`.
 */
export function panelPage({ path, slot, access = 'anyone', render }: Options) {
  return {
    generateMetadata: () => perVisitorMetadata(path),

    async Page({ searchParams }: { searchParams: Promise<Query> }) {
      const query = firstValues(await searchParams)
      // While the session store cannot be read (a failover), a page open to anyone is still drawn,
      // for a visitor: checkout's form comes back with what was typed, and its action reads the
      // session again when it is sent. A page that depends on who is signed in fails instead.
      const visitor = await getPageVisitor().catch((error: unknown) => {
        if (access === 'anyone') return null
        throw error
      })
      if (access === 'members' && !visitor) redirect(`/login?next=${encodeURIComponent(path)}`)
      if (access === 'visitors' && visitor) redirect(safeNextPath(query.next))
      const panel = await render({ query, visitor })
      return <CmsPage path={path} {...(slot === 'account' ? { account: panel } : { order: panel })} />
    },
  }
}

/** A panel that needs only the Account pages' words. */
export function withAccountCopy(Panel: (props: AccountPanelProps) => ReactNode) {
  return async function renderAccountPanel(request: PanelRequest): Promise<ReactNode> {
    return <Panel {...request} copy={await getAccountCopy()} />
  }
}

/** A panel that needs only the Orders document's words. */
export function withOrderCopy(Panel: (props: OrderPanelProps) => ReactNode) {
  return async function renderOrderPanel(request: PanelRequest): Promise<ReactNode> {
    return <Panel {...request} copy={await getOrderCopy()} />
  }
}
