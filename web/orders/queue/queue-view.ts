import 'server-only'
import { createHmac } from 'node:crypto'
import { readAuthSecret } from '@/config/secrets'
import { getDb } from '@/db/connection'
import { orderQueuePage, type QueueFilter, type QueueKey, type QueuePage } from './order-queue'
import {
  parseAge,
  parseOrderSearch,
  parseSort,
  parseStatusFilter,
  parseView,
  type QueueAge,
  type QueueSort,
  type QueueViewName,
} from './order-search'
import { decodeCursor, encodeCursor } from './queue-cursor'
import { businessCalendar } from '@/orders/record/business-calendar'
import { workingDaysBefore } from '@/orders/record/working-days'

export const QUEUE_PATH = '/admin/orders'

/** What the list's form sent, as its fields show it again. */
export type QueueForm = { status: string; age: QueueAge; sort: QueueSort; search: string; view: QueueViewName }

export type QueueView = QueuePage & {
  form: QueueForm
  nextHref: string | null
  previousHref: string | null
  /** The address's page link did not hold (edited, or from the other order): the list starts at the top. */
  pageInvalid: boolean
}

const cursorKey = () => createHmac('sha256', readAuthSecret()).update('handback staff list cursor').digest()

/** The list's address with the form's choices (the defaults left out) and, when given, a page. */
export function queueHref(form: QueueForm, page?: string): string {
  const query = new URLSearchParams()
  if (form.status) query.set('status', form.status)
  if (form.age !== 'any') query.set('age', form.age)
  if (form.sort !== 'oldest') query.set('sort', form.sort)
  if (form.search) query.set('q', form.search)
  if (form.view !== 'all') query.set('view', form.view)
  if (page) query.set('page', page)
  const text = query.toString()
  return text ? `${QUEUE_PATH}?${text}` : QUEUE_PATH
}

/**
 * The staff list as its address asks: filters, search, order and page. A page link that does not
 * hold starts the list at the top (and says so); so does one whose page has emptied since (every
 * order before it moved on).
 */
export async function readOrderQueue(
  query: Record<string, string>,
  staffId: string,
  now = new Date(),
): Promise<QueueView> {
  const status = parseStatusFilter(query.status)
  const form: QueueForm = {
    status: status ?? '',
    age: parseAge(query.age),
    sort: parseSort(query.sort),
    search: (query.q ?? '').trim().slice(0, 200),
    view: parseView(query.view),
  }
  const filter: QueueFilter = {
    status,
    search: parseOrderSearch(form.search),
    sort: form.sort,
    waitingBefore: form.age === 'over-working-day' ? workingDaysBefore(now, 1, await businessCalendar()) : null,
    claimedBy: form.view === 'mine' ? staffId : null,
    unclaimed: form.view === 'unclaimed',
    packsToPost: form.view === 'packs',
    waitingOnLock: form.view === 'locks',
    now,
  }
  const key = cursorKey()
  const cursor = decodeCursor(query.page, form.sort, key)
  const db = await getDb()
  let page = await orderQueuePage(db, filter, cursor)
  if (cursor && !page.rows.length) page = await orderQueuePage(db, filter, null)
  const link = (direction: 'next' | 'previous', at: QueueKey | null) =>
    at ? queueHref(form, encodeCursor({ sort: form.sort, direction, ...at }, key)) : null
  return {
    ...page,
    form,
    nextHref: link('next', page.next),
    previousHref: link('previous', page.previous),
    pageInvalid: Boolean(query.page) && !cursor,
  }
}
