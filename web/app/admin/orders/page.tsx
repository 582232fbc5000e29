import type { Metadata } from 'next'
import { cache } from 'react'
import { requireStaffMember } from '@/accounts/session'
import { OrdersList, queueShowing } from '@/components/admin/queues/orders-list'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { firstValues, type Query } from '@/http/search-params'
import { readOrderQueue } from '@/orders/queue/queue-view'
import { businessCalendar } from '@/orders/record/business-calendar'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<Query> }

// The title and the page read the same page of orders: once per request.
const readQueue = cache((address: string, staffId: string) =>
  readOrderQueue(Object.fromEntries(new URLSearchParams(address)), staffId),
)
const addressOf = async (searchParams: Promise<Query>) =>
  new URLSearchParams(firstValues(await searchParams)).toString()

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const member = await requireStaffMember()
  const [copy, queue] = await Promise.all([
    withoutStega(getOrderCopy),
    readQueue(await addressOf(searchParams), member.user.id),
  ])
  // The page's place in the title: a screen reader announces it when a page link is followed.
  const title = queue.rows.length ? queueShowing(copy, queue) : copy.admin.ordersHeading
  return { title, robots: { index: false, follow: false } }
}

export default async function AdminOrdersPage({ searchParams }: Props) {
  // Checked here too, as a layout and its page render in parallel (one session lookup: it is cached).
  const member = await requireStaffMember()
  const query = firstValues(await searchParams)
  const [copy, queue, calendar] = await Promise.all([
    getOrderCopy(),
    readQueue(await addressOf(searchParams), member.user.id),
    businessCalendar(),
  ])
  const done = query.done
    ? { what: query.done, count: Math.max(0, Number.parseInt(query.count ?? '0', 10) || 0) }
    : null
  return (
    <OrdersList
      copy={copy}
      queue={queue}
      staff={{ id: member.user.id, role: member.user.role }}
      done={done}
      timing={{ now: new Date(), promises: copy.timings, calendar }}
      labelsNone={query.labels === 'none'}
    />
  )
}
