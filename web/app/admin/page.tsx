import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { StaffHome } from '@/components/admin/staff-home'
import { getAccountCopy, getContactInboxCopy, getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { firstValues, type Query } from '@/http/search-params'
import { getDb } from '@/db/connection'
import { countOrders, listOrders } from '@/orders/store'
import { parseOrderSearch, parseStatusFilter } from '@/orders/order-search'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.admin.ordersHeading, robots: { index: false, follow: false } }
}

export default async function AdminPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = firstValues(await searchParams)
  const status = parseStatusFilter(query.status)
  // Checked here too, as a layout and its page render in parallel (one session lookup: it is cached).
  const [member, copy, accountCopy, inboxCopy, db] = await Promise.all([
    requireStaffMember(),
    getOrderCopy(),
    getAccountCopy(),
    getContactInboxCopy(),
    getDb(),
  ])
  const [orders, returns] = await Promise.all([
    listOrders(db, { status, search: parseOrderSearch(query.q) }),
    countOrders(db, 'returning'),
  ])
  return (
    <StaffHome
      copy={copy}
      staffCopy={accountCopy.staff}
      member={member.user}
      orders={orders}
      returnsToSend={returns}
      filter={{ status: status ?? '', search: query.q ?? '' }}
      messagesLink={inboxCopy.list.staffHomeLink}
    />
  )
}
