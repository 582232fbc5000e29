import type { ReactNode } from 'react'

type Words = { statusFilter: string; allStatuses: string; search: string; searchButton: string }

type Props = {
  /** The list's own address: the form is a plain GET to it, so it works without scripts. */
  action: string
  /** Keeps the fields' ids apart from any other form's on the page. */
  idPrefix: string
  words: Words
  statuses: Array<{ value: string; label: string }>
  filter: { status: string; search: string }
  /** More choices of the list's own, between the status and the search. */
  children?: ReactNode
}

/** A staff list's filter: one status (or all) and a search box, sent as `?status=…&q=…`. */
export function ListFilter({ action, idPrefix, words, statuses, filter, children }: Props) {
  return (
    <form method="get" action={action} className="admin-filter" role="search">
      <div className="field">
        <label htmlFor={`${idPrefix}-status`}>{words.statusFilter}</label>
        <select id={`${idPrefix}-status`} name="status" defaultValue={filter.status}>
          <option value="">{words.allStatuses}</option>
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
      </div>
      {children}
      <div className="field admin-filter__search">
        <label htmlFor={`${idPrefix}-search`}>{words.search}</label>
        <input id={`${idPrefix}-search`} name="q" type="search" defaultValue={filter.search} autoComplete="off" />
      </div>
      <button type="submit" className="button button--primary">
        {words.searchButton}
      </button>
    </form>
  )
}
