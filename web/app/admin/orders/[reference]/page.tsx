import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { recentlyChecked } from '@/accounts/step-up'
import { AdminOrder } from '@/components/admin/order/order-view'
import { getAccountCopy, getConditionGrades, getDeviceChecklists, getOrderCopy, getPriceList } from '@/content/loaders'
import { firstValues, type Query } from '@/http/search-params'
import { normaliseReference } from '@/orders/record/references'
import { readOrder } from '@/orders/actions/actions'
import { revealedPayout } from '@/orders/actions/payout-reveal'
import { getDb } from '@/db/connection'
import { relatedOrders } from '@/orders/record/related-orders'
import { publishedPence, withChecklists } from '@/orders/moves/published-prices'
import { claimOf } from '@/orders/claims/claim-store'
import { lockHoldOf } from '@/orders/locks/lock-store'
import { identityOf } from '@/orders/identity/identity-store'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ reference: string }>; searchParams: Promise<Query> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const reference = normaliseReference((await params).reference)
  return { title: reference ?? undefined, robots: { index: false, follow: false } }
}

export default async function AdminOrderPage({ params, searchParams }: Props) {
  const [{ reference: typed }, query, member] = await Promise.all([
    params,
    searchParams.then(firstValues),
    requireStaffMember(),
  ])
  const reference = normaliseReference(typed)
  if (!reference) notFound()
  const [order, copy, accountCopy, grades, models, checklists] = await Promise.all([
    readOrder(reference),
    getOrderCopy(),
    getAccountCopy(),
    getConditionGrades(),
    getPriceList(),
    getDeviceChecklists(),
  ])
  if (!order) notFound()
  const staff = { id: member.user.id, role: member.user.role }
  // Revealing is a POST that records it; this page only shows what that reveal opened, to its
  // manager, for a couple of minutes. Opening an address never records or reveals anything.
  const [payout, recheckNeeded, related, claim, lockHold, identity] = await Promise.all([
    revealedPayout(staff, order, query.revealed),
    staff.role === 'manager' ? recentlyChecked(member).then((recent) => !recent) : false,
    getDb().then((db) => relatedOrders(db, order)),
    getDb().then((db) => claimOf(db, order.id)),
    getDb().then((db) => lockHoldOf(db, order.id)),
    getDb().then((db) => identityOf(db, order.id)),
  ])
  return (
    <AdminOrder
      order={order}
      copy={copy}
      staffCopy={accountCopy.staff}
      role={staff.role}
      grades={grades}
      payout={payout}
      recheckNeeded={recheckNeeded}
      query={query}
      related={related}
      staffId={staff.id}
      claim={claim}
      lockHold={lockHold}
      identity={identity}
      published={Object.fromEntries(order.items.map((item) => [item.id, publishedPence(item, models)]))}
      checks={Object.fromEntries(
        withChecklists(
          order.items,
          models,
          checklists,
          grades.map((grade) => grade.key),
        ).map((item) => [item.id, { checklist: item.checklist, pricedByGrade: item.pricedByGrade }]),
      )}
    />
  )
}
