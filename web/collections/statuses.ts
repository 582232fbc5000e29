import { COLLECTION_STATUSES, type CollectionStatus } from '@/db/schema'
import { workingDaysBefore, type BusinessCalendar } from '@/orders/record/working-days'

export { COLLECTION_STATUSES, type CollectionStatus }

/**
 * Where a collection request may go from each status: a date agreed (booked), the devices picked up
 * (collected), then closed once the paperwork is sent. A request that comes to nothing is closed
 * from wherever it stands; a closed one may be opened again as requested.
 */
export const COLLECTION_MOVES: Record<CollectionStatus, readonly CollectionStatus[]> = {
  requested: ['booked', 'closed'],
  booked: ['collected', 'requested', 'closed'],
  collected: ['closed'],
  closed: ['requested'],
}

export const isCollectionStatus = (value: unknown): value is CollectionStatus =>
  typeof value === 'string' && (COLLECTION_STATUSES as readonly string[]).includes(value)

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A request's id as the database makes them: anything else names no request (and is never queried). */
export const isCollectionRequestId = (value: unknown): value is string =>
  typeof value === 'string' && REQUEST_ID.test(value)

/** The staff page of one request: where the list's links and a status move's redirect go. */
export const collectionRequestPath = (id: string) => `/admin/collections/${id}`

/**
 * Where a collection stands against the quote the business recycling page promises within so many
 * working days of collecting its devices (the quote values the devices as collected): due, late, or
 * null before it is collected, once the quote is sent, or once it is closed.
 */
export function quoteTimer(
  request: { status: string; collectedAt: Date | null; quoteSent: boolean },
  now: Date,
  workingDays: number,
  calendar: BusinessCalendar,
): 'due' | 'late' | null {
  if (request.quoteSent || request.status !== 'collected' || !request.collectedAt) return null
  return request.collectedAt < workingDaysBefore(now, workingDays, calendar) ? 'late' : 'due'
}
