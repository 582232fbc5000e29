import type { OrderCopy } from '@/content/types'

type Props = { copy: OrderCopy; filter: { status: string; search: string } }

/** Narrows the list by status and finds an order by its reference, e-mail address or postcode. */
export function OrdersFilter({ copy, filter }: Props) {
  const text = copy.admin
  return (
    <form method="get" action="/admin" className="admin-filter" role="search">
      <div className="field">
        <label htmlFor="filter-status">{text.statusFilter}</label>
        <select id="filter-status" name="status" defaultValue={filter.status}>
          <option value="">{text.allStatuses}</option>
          {copy.statuses.map((status) => (
            <option key={status.key} value={status.key}>
              {status.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field admin-filter__search">
        <label htmlFor="filter-search">{text.search}</label>
        <input id="filter-search" name="q" type="search" defaultValue={filter.search} autoComplete="off" />
      </div>
      <button type="submit" className="button button--primary">
        {text.searchButton}
      </button>
    </form>
  )
}
