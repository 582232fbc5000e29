import type { Metadata } from 'next'
import { cache } from 'react'
import { requireStaffMember } from '@/accounts/session'
import { OrdersList, queueShowing } from '@/components/admin/orders-list'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { firstValues, type Query } from '@/http/search-params'
import { readOrderQueue } from '@/orders/queue/queue-view'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

type Props = { searchParams: Promise<Query> }

// The title and the page read the same page of orders: once per request.
const readQueue = cache((address: string) => readOrderQueue(Object.fromEntries(new URLSearchParams(address))))
const addressOf = async (searchParams: Promise<Query>) =>
  new URLSearchParams(firstValues(await searchParams)).toString()

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  await requireStaffMember()
  const [copy, queue] = await Promise.all([withoutStega(getOrderCopy), readQueue(await addressOf(searchParams))])
  // The page's place in the title: a screen reader announces it when a page link is followed.
  const title = queue.rows.length ? queueShowing(copy, queue) : copy.admin.ordersHeading
  return { title, robots: { index: false, follow: false } }
}

export default async function AdminOrdersPage({ searchParams }: Props) {
  // Checked here too, as a layout and its page render in parallel (one session lookup: it is cached).
  await requireStaffMember()
  const [copy, queue] = await Promise.all([getOrderCopy(), readQueue(await addressOf(searchParams))])
  return <OrdersList copy={copy} queue={queue} />
}
