import type { OrderCopy } from '@/content/types'
import { QUEUE_VIEWS, type QueueViewName } from '@/orders/queue/order-search'
import type { QueueForm } from '@/orders/queue/queue-view'
import { ListFilter } from '@/components/admin/list-filter'

type Props = { copy: OrderCopy; filter: QueueForm }

/**
 * Narrows the list by whose work it is (the reader's claims, nobody's, postage packs to post, or
 * orders waiting for a seller to remove an activation lock),
 * by status and by how long orders have waited, orders it, and finds orders by
 * reference, e-mail address, postcode, name or IMEI: a plain GET, so it works without scripts.
 */
export function OrdersFilter({ copy, filter }: Props) {
  const text = copy.queue
  const views: Record<QueueViewName, string> = {
    all: copy.claims.viewAll,
    mine: copy.claims.viewMine,
    unclaimed: copy.claims.viewUnclaimed,
    packs: copy.claims.viewPacks,
    locks: copy.locks.viewLocks,
  }
  return (
    <ListFilter
      action="/admin/orders"
      idPrefix="filter"
      words={copy.admin}
      statuses={copy.statuses.map((status) => ({ value: status.key, label: status.name }))}
      filter={filter}
    >
      <div className="field">
        <label htmlFor="filter-view">{copy.claims.viewLabel}</label>
        <select id="filter-view" name="view" defaultValue={filter.view}>
          {QUEUE_VIEWS.map((view) => (
            <option key={view} value={view}>
              {views[view]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-age">{text.ageFilter}</label>
        <select id="filter-age" name="age" defaultValue={filter.age}>
          <option value="any">{text.ageAny}</option>
          <option value="over-working-day">{text.ageOverWorkingDay}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-sort">{text.sortLabel}</label>
        <select id="filter-sort" name="sort" defaultValue={filter.sort}>
          <option value="oldest">{text.sortOldest}</option>
          <option value="newest">{text.sortNewest}</option>
        </select>
      </div>
    </ListFilter>
  )
}
