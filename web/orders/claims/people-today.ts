/**
 * What each member of staff did today, from the order's history: the parcels they marked
 * received, the devices they checked (to checked, a revised offer or a hold) and the returns they
 * sent, since midnight on London's clock. By the events' index on (to_status, at).
 */
import 'server-only'
import { and, desc, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent } from '@/db/schema'
import { londonDay, startOfLondonDay } from '@/orders/record/working-days'

export type PersonToday = { userId: string; name: string | null; received: number; checked: number; returned: number }

const CHECKED_TO = ['checked', 'revised', 'quarantined']

export async function peopleToday(db: Db, now = new Date()): Promise<PersonToday[]> {
  const since = startOfLondonDay(londonDay(now))
  const received = sql<number>`(count(*) filter (where ${orderEvent.toStatus} = 'received'))::integer`
  const checked = sql<number>`(count(*) filter (where ${orderEvent.fromStatus} = 'received' and ${orderEvent.toStatus} in ('checked', 'revised', 'quarantined')))::integer`
  const returned = sql<number>`(count(*) filter (where ${orderEvent.toStatus} = 'returned'))::integer`
  const rows = await db
    .select({
      userId: sql<string>`${orderEvent.actorUserId}`,
      name: sql<string | null>`max(${orderEvent.actorName})`,
      received,
      checked,
      returned,
    })
    .from(orderEvent)
    .where(
      and(
        inArray(orderEvent.toStatus, ['received', 'returned', ...CHECKED_TO]),
        gte(orderEvent.at, since),
        ne(orderEvent.fromStatus, orderEvent.toStatus),
        isNotNull(orderEvent.actorUserId),
        inArray(orderEvent.actor, ['staff', 'manager']),
      ),
    )
    .groupBy(orderEvent.actorUserId)
    .orderBy(desc(sql`count(*)`), sql`max(${orderEvent.actorName})`)
  return rows.filter((row) => row.received + row.checked + row.returned > 0)
}
