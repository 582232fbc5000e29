import 'server-only'
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { OPEN_ORDER, orderItem, orderLockHold, sellerOrder, user } from '@/db/schema'
import type { OrderSearch, QueueSort } from './order-search'
import type { QueueCursor } from './queue-cursor'

export const QUEUE_PAGE_SIZE = 50

export type QueueFilter = {
  status?: string | null
  /** Only orders that entered their status before this (e.g. a working day ago). */
  waitingBefore?: Date | null
  search?: OrderSearch | null
  sort?: QueueSort
  /** Whose work: one member of staff's claimed orders, or only those nobody holds, at `now`. */
  claimedBy?: string | null
  unclaimed?: boolean
  now?: Date
  /** Only orders whose seller asked for a postage pack that is not yet marked posted. */
  packsToPost?: boolean
  /**
   * Orders an activation lock holds while the seller has not said it is removed (web/orders/locks/):
   * only those (true), or (a list of received orders: the check queue) all but those (false).
   */
  waitingOnLock?: boolean
}

export type OrderListRow = {
  id: string
  reference: string
  status: string
  name: string | null
  postcode: string | null
  totalPence: number
  placedAt: Date
  statusSince: Date
  items: number
  postagePack: boolean
  postagePackPostedAt: Date | null
  payoutHeldUntil: Date | null
  offerDeadline: Date | null
  /** The deadline of the activation-lock hold waiting on the seller (not yet said removed), if any. */
  lockDeadline: Date | null
  /** Who holds the order now (a claim past its time holds nothing); '' when their account has gone. */
  claimedBy: { id: string; name: string } | null
}

/** A row's place in the order, exactly as stored: what a cursor carries. */
export type QueueKey = { since: string; id: string }

export type QueuePage = {
  rows: OrderListRow[]
  /** Keys to continue from: after the last row, before the first; null at either end. */
  next: QueueKey | null
  previous: QueueKey | null
  /** The rows' places in the whole list (1-based), and how many orders match. */
  from: number
  to: number
  total: number
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

// More orders than one device is ever sold in: a search's ids stay a short list.
const DEVICE_ORDERS = 500

/**
 * The orders a search names, each kind by its own index: the order's own columns as an OR, which
 * PostgreSQL reads as one bitmap per index; the devices' IMEI first, as a short list of ids, so it
 * joins that OR rather than turning it into a test of every order.
 */
async function searched(db: Db, search: OrderSearch): Promise<SQL> {
  const orderIds = search.deviceId
    ? (
        await db
          .selectDistinct({ id: orderItem.orderId })
          .from(orderItem)
          .where(eq(orderItem.imei, search.deviceId))
          .limit(DEVICE_ORDERS)
      ).map((row) => row.id)
    : []
  const pattern = search.namePrefix ? `${escapeLike(search.namePrefix.toLowerCase())}%` : null
  return (
    or(
      search.reference ? eq(sellerOrder.reference, search.reference) : undefined,
      search.email ? sql`lower(${sellerOrder.email}) = ${search.email.toLowerCase()}` : undefined,
      search.postcode ? eq(sellerOrder.postcode, search.postcode) : undefined,
      pattern ? sql`lower(${sellerOrder.name}) like ${pattern}` : undefined,
      orderIds.length ? inArray(sellerOrder.id, orderIds) : undefined,
    ) ?? sql`false`
  )
}

// Read by the open holds' index (one open hold an order): the seller's press puts the order back.
// Waiting on the seller, such an order is not late for its check either (late-counts.ts).
export const waitingOnLock = sql`exists (select 1 from ${orderLockHold} where ${orderLockHold.orderId} = ${sellerOrder.id} and ${orderLockHold.endedAt} is null and ${orderLockHold.removedAt} is null)`

async function matching(db: Db, filter: Omit<QueueFilter, 'unclaimed'>): Promise<SQL | undefined> {
  const now = filter.now ?? new Date()
  return and(
    filter.claimedBy ? and(eq(sellerOrder.claimedBy, filter.claimedBy), gt(sellerOrder.claimedUntil, now)) : undefined,
    // Word for word the predicate of seller_order_pack_to_post_idx, so the planner uses that index.
    filter.packsToPost ? sql`${sellerOrder.postagePack} and ${sellerOrder.postagePackPostedAt} is null` : undefined,
    filter.status ? eq(sellerOrder.status, filter.status) : undefined,
    filter.waitingOnLock === true ? waitingOnLock : undefined,
    filter.waitingOnLock === false && filter.status === 'received' ? sql`not ${waitingOnLock}` : undefined,
    filter.waitingBefore ? lt(sellerOrder.statusSince, filter.waitingBefore) : undefined,
    filter.search ? await searched(db, filter.search) : undefined,
  )
}

// status_since to the microsecond, in UTC: the key a cursor carries and compares with exactly.
const sinceText = sql<string>`to_char(${sellerOrder.statusSince} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
const rowKey = sql`(${sellerOrder.statusSince}, ${sellerOrder.id})`
const keyOf = (key: QueueKey) => sql`(${key.since}::timestamptz, ${key.id}::uuid)`

/**
 * One page of the staff list: orders by how long they have waited in their status (status_since,
 * then id), oldest or newest first, from a cursor onwards or back, by keyset (never OFFSET), so a
 * deep page costs what the first does and orders arriving meanwhile neither repeat nor hide others.
 */
export async function orderQueuePage(
  db: Db,
  filter: QueueFilter,
  cursor: Pick<QueueCursor, 'direction' | 'since' | 'id'> | null,
  size = QUEUE_PAGE_SIZE,
): Promise<QueuePage> {
  const newest = filter.sort === 'newest'
  const backwards = cursor?.direction === 'previous'
  // Reading backwards reads the other way, then turns the rows round.
  const ascending = newest === backwards
  const beyond = cursor
    ? ascending
      ? sql`${rowKey} > ${keyOf(cursor)}`
      : sql`${rowKey} < ${keyOf(cursor)}`
    : undefined
  // A search's orders are found by their own indexes, then sorted: never by walking the list's index
  // and testing each order, which the planner picks when the matches cluster in time (87,000 rows
  // read for a name on 100,000 orders). The same order, in an expression no index serves.
  const since = filter.search ? sql`(${sellerOrder.statusSince} + interval '0 seconds')` : sellerOrder.statusSince
  const now = filter.now ?? new Date()
  // Every filter but "unclaimed", which the count reads the other way round (below). "Unclaimed" is
  // the work nobody holds: orders still in progress (with no status chosen), by their own index.
  const scope = and(await matching(db, filter), filter.unclaimed && !filter.status ? OPEN_ORDER : undefined)
  const where = filter.unclaimed
    ? and(scope, or(isNull(sellerOrder.claimedBy), lte(sellerOrder.claimedUntil, now)))
    : scope
  const read = await db
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      status: sellerOrder.status,
      name: sellerOrder.name,
      postcode: sellerOrder.postcode,
      totalPence: sellerOrder.totalPence,
      placedAt: sellerOrder.placedAt,
      statusSince: sellerOrder.statusSince,
      since: sinceText,
      postagePack: sellerOrder.postagePack,
      postagePackPostedAt: sellerOrder.postagePackPostedAt,
      payoutHeldUntil: sellerOrder.payoutHeldUntil,
      offerDeadline: sellerOrder.offerDeadline,
      lockDeadline:
        sql<Date | null>`(select ${orderLockHold.deadline} from ${orderLockHold} where ${orderLockHold.orderId} = ${sellerOrder}."id" and ${orderLockHold.endedAt} is null and ${orderLockHold.removedAt} is null)`.mapWith(
          orderLockHold.deadline,
        ),
      claimedById: sellerOrder.claimedBy,
      claimedUntil: sellerOrder.claimedUntil,
      claimedByName: sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${sellerOrder.claimedBy})`,
      // Named with its table: inside the subquery a bare "id" would be the device's own.
      items: sql<number>`(select count(*)::integer from ${orderItem} where ${orderItem.orderId} = ${sellerOrder}."id")`,
    })
    .from(sellerOrder)
    .where(and(where, beyond))
    .orderBy(...(ascending ? [asc(since), asc(sellerOrder.id)] : [desc(since), desc(sellerOrder.id)]))
    .limit(size + 1)
  const more = read.length > size
  const page = read.slice(0, size)
  if (backwards) page.reverse()
  const first = page[0]
  const last = page.at(-1)
  const key = first ? { since: first.since, id: first.id } : null
  // "Unclaimed" is nearly every order: counted as all of them less the few held now, each by an index,
  // rather than by testing every order's claim (a sequential read: 114 ms at 100,000 orders).
  const counted = !key
    ? null
    : filter.unclaimed
      ? await countAround(db, scope, key, newest, heldNow(now))
      : await countAround(db, where, key, newest)
  const total = counted?.total ?? 0
  return {
    rows: page.map((row) => withoutKey(row, now)),
    next: last && (backwards || more) ? { since: last.since, id: last.id } : null,
    previous: first && (backwards ? more : Boolean(cursor)) ? { since: first.since, id: first.id } : null,
    from: counted ? counted.before + 1 : 0,
    to: counted ? counted.before + page.length : 0,
    total,
  }
}

type ReadRow = Omit<OrderListRow, 'claimedBy'> & {
  since: string
  claimedById: string | null
  claimedUntil: Date | null
  claimedByName: string | null
}

const withoutKey = (row: ReadRow, now: Date): OrderListRow => {
  const { since, claimedById, claimedUntil, claimedByName, ...rest } = row
  void since
  const held = claimedById && claimedUntil && claimedUntil > now
  return { ...rest, claimedBy: held ? { id: claimedById, name: claimedByName ?? '' } : null }
}

/**
 * How many orders match, and how many come before the page's first row, less those `less` also
 * matches: each a count by an index (a status's or a search's few; the list's own index, counted
 * whole, for the unfiltered list, about 20 ms at 100,000 orders; the rows before the page a range of it).
 */
async function countAround(db: Db, where: SQL | undefined, first: QueueKey, newest: boolean, less?: SQL) {
  const before = newest ? sql`${rowKey} > ${keyOf(first)}` : sql`${rowKey} < ${keyOf(first)}`
  const count = (scope: SQL | undefined) =>
    sql<number>`(select count(*)::integer from ${sellerOrder} where ${scope ?? sql`true`})`
  // One statement, so both counts read the same moment.
  const [row] = await db
    .select({
      total: count(where),
      before: count(and(where, before)),
      lessTotal: less ? count(and(where, less)) : sql<number>`0`,
      lessBefore: less ? count(and(where, less, before)) : sql<number>`0`,
    })
    .from(sql`(select 1) as one`)
  if (!row) return { total: 0, before: 0 }
  return { total: row.total - Number(row.lessTotal), before: row.before - Number(row.lessBefore) }
}

/**
 * Held by a claim at `now`: exactly the orders `unclaimed` leaves out (a claim with no end is held
 * too, as `claimed_until <= now` is not true for it), found by the claims' index.
 */
const heldNow = (now: Date) =>
  sql`(${sellerOrder.claimedBy} is not null and (${sellerOrder.claimedUntil} > ${now} or ${sellerOrder.claimedUntil} is null))`
