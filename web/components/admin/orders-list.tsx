import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import type { QueueView } from '@/orders/queue/queue-view'
import '@/styles/admin.css'
import { OrdersFilter } from './orders-filter'
import { OrdersTable } from './orders-table'
import { StaffPage } from './staff-page'

type Props = { copy: OrderCopy; queue: QueueView }

/** Which orders the page shows, as the page's title says it too: "Orders 51 to 100 of 1,000". */
export function queueShowing(copy: OrderCopy, queue: Pick<QueueView, 'from' | 'to' | 'total'>): string {
  const number = new Intl.NumberFormat('en-GB')
  return fillTemplate(copy.queue.showing, {
    from: number.format(queue.from),
    to: number.format(queue.to),
    total: number.format(queue.total),
  })
}

/**
 * The staff list of orders, a page at a time, the longest waiting in their status first (or the
 * newest): filters and a search that keep to the pages, and links to the next and previous pages.
 */
export function OrdersList({ copy, queue }: Props) {
  const text = copy.queue
  return (
    <StaffPage back={{ href: '/admin', label: text.homeLink }} heading={copy.admin.ordersHeading}>
      <OrdersFilter copy={copy} filter={queue.form} />
      {queue.pageInvalid ? (
        <p className="admin-notice admin-notice--warning" role="status">
          {text.pageInvalid}
        </p>
      ) : null}
      {queue.rows.length ? (
        <p className="admin-showing" role="status">
          {queueShowing(copy, queue)}
        </p>
      ) : null}
      <OrdersTable copy={copy} orders={queue.rows} />
      <Pager copy={copy} queue={queue} />
    </StaffPage>
  )
}

function Pager({ copy, queue }: Props) {
  if (!queue.previousHref && !queue.nextHref) return null
  return (
    <nav aria-label={copy.queue.pagesLabel} className="admin-pager">
      {queue.previousHref ? (
        <Link href={queue.previousHref} rel="prev">
          {copy.queue.previousPage}
        </Link>
      ) : null}
      {queue.nextHref ? (
        <Link href={queue.nextHref} rel="next">
          {copy.queue.nextPage}
        </Link>
      ) : null}
    </nav>
  )
}
