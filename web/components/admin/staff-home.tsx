import Link from 'next/link'
import type { AccountCopy, OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { OrderListRow } from '@/orders/store'
import '@/styles/admin.css'
import { OrdersFilter } from './orders-filter'
import { OrdersTable } from './orders-table'

type Props = {
  copy: OrderCopy
  staffCopy: AccountCopy['staff']
  member: { name: string; role: 'staff' | 'manager' }
  orders: OrderListRow[]
  /** Orders whose device is to be posted back: the queue's link says how many. */
  returnsToSend: number
  filter: { status: string; search: string }
  /** The words of the link to the contact messages. */
  messagesLink: string
}

/**
 * The staff area's front page: who is signed in, the way to the contact messages, and the orders,
 * oldest first, to find and open.
 */
export function StaffHome({ copy, staffCopy, member, orders, returnsToSend, filter, messagesLink }: Props) {
  const role = member.role === 'manager' ? staffCopy.managerRole : staffCopy.staffRole
  return (
    <article className="admin">
      <header className="page__header">
        <h1>{copy.admin.ordersHeading}</h1>
        <p className="page__intro">{fillTemplate(staffCopy.signedInAs, { name: member.name, role })}</p>
      </header>
      <p>
        <Link href="/admin/messages">{messagesLink}</Link>
      </p>
      <p>
        <Link href="/admin?status=returning" className={returnsToSend ? 'admin-queue admin-queue--due' : 'admin-queue'}>
          {fillTemplate(copy.admin.returnsLink, { count: returnsToSend })}
        </Link>
      </p>
      <OrdersFilter copy={copy} filter={filter} />
      <OrdersTable copy={copy} orders={orders} />
    </article>
  )
}
