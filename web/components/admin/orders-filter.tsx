import type { OrderCopy } from '@/content/types'
import { ListFilter } from './list-filter'

type Props = { copy: OrderCopy; filter: { status: string; search: string } }

/** Narrows the list by status and finds an order by its reference, e-mail address or postcode. */
export function OrdersFilter({ copy, filter }: Props) {
  return (
    <ListFilter
      action="/admin"
      idPrefix="filter"
      words={copy.admin}
      statuses={copy.statuses.map((status) => ({ value: status.key, label: status.name }))}
      filter={filter}
    />
  )
}
