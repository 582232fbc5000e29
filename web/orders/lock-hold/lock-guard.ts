/**
 * The check waits while an activation lock holds the order (web/orders/locks/): said to the
 * database inside the check's own update, so a hold committed meanwhile is not slipped past.
 */
import { sql } from 'drizzle-orm'
import { orderLockHold, sellerOrder } from '@/db/schema'

export const noOpenLockHold = sql`not exists (select 1 from ${orderLockHold} where ${orderLockHold.orderId} = ${sellerOrder.id} and ${orderLockHold.endedAt} is null)`
