import Link from 'next/link'
import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { queueHref, type QueueView } from '@/orders/queue/queue-view'
import { RETURN_LABELS_FORM, ReturnLabelsForm } from './return-labels-form'
import '@/styles/admin.css'
import { ClaimRowsForm, PacksForm } from '@/components/admin/claim-forms'
import { OrdersFilter } from './orders-filter'
import { OrdersTable, type ListReader } from './orders-table'
import { StaffPage } from '@/components/admin/staff-page'

type Props = { copy: OrderCopy; queue: QueueView }

/** Which orders the page shows, as the page's title says it too: "Orders 51 to 100 of 1,000". */
// Made once: a formatter costs more to make than the three numbers it writes (title and page, every request).
const number = new Intl.NumberFormat('en-GB')

export function queueShowing(copy: OrderCopy, queue: Pick<QueueView, 'from' | 'to' | 'total'>): string {
  return fillTemplate(copy.queue.showing, {
    from: number.format(queue.from),
    to: number.format(queue.to),
    total: number.format(queue.total),
  })
}

// What a claim or packs form posted from the list did, as its address says.
export type ListDone = { what: string; count: number }

const PACKS_FORM = 'packs-posted'
const CLAIMS_FORM = 'claim-rows'

/**
 * The staff list of orders, a page at a time, the longest waiting in their status first (or the
 * newest): filters and a search that keep to the pages, and links to the next and previous pages.
 */
export function OrdersList({
  copy,
  queue,
  staff,
  done,
  timing,
  labelsNone = false,
}: Props & {
  staff: { id: string; role: 'staff' | 'manager' }
  done: ListDone | null
  timing: ListReader['timing']
  /** Sent back from printing return labels with no order being returned chosen. */
  labelsNone?: boolean
}) {
  const text = copy.queue
  const back = queueHref(queue.form)
  const packs = queue.form.view === 'packs' && queue.rows.length > 0
  // The returns list: each order can be chosen for a return label, printed together.
  const labels = queue.form.status === 'returning' && queue.rows.length > 0
  return (
    <StaffPage back={{ href: '/admin', label: text.homeLink }} heading={copy.admin.ordersHeading}>
      <Done copy={copy} done={done} />
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
      <ClaimRowsForm id={CLAIMS_FORM} back={back} />
      <OrdersTable
        copy={copy}
        orders={queue.rows}
        reader={{
          staffId: staff.id,
          role: staff.role,
          back,
          packsForm: packs ? PACKS_FORM : null,
          claimsForm: CLAIMS_FORM,
          labelsForm: labels ? RETURN_LABELS_FORM : null,
          timing,
        }}
      />
      {packs ? <PacksForm id={PACKS_FORM} back={back} text={copy.claims} /> : null}
      {labels || labelsNone ? <ReturnLabelsForm text={copy.returnLabels} none={labelsNone} form={labels} /> : null}
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

/** What the last claim or packs form did, on the list it came back to. */
function Done({ copy, done }: { copy: OrderCopy; done: ListDone | null }) {
  const said = !done
    ? null
    : done.what === 'claim'
      ? copy.claims.claimed
      : done.what === 'release'
        ? copy.claims.released
        : done.what === 'packs'
          ? fillTemplate(copy.claims.packsMarked, { count: done.count })
          : null
  if (!said) return null
  return (
    <p className="admin-notice" role="status">
      {said}
    </p>
  )
}
