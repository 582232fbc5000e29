/**
 * The rule every payment keeps, in SQL: an order whose seller was asked for proof of identity is
 * not paid until staff have seen the document (a refusal waits for the seller's next one).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderIdentityCheck, sellerOrder } from '@/db/schema'

const unseen = sql`${orderIdentityCheck.outcome} is distinct from 'seen'`

/**
 * For a query over `seller_order`, the order waits for no proof of identity: payment runs'
 * selection, the payout job's and the `pay` move's guarded update.
 */
export const noIdentityWaiting = sql`not exists (select 1 from ${orderIdentityCheck} where ${orderIdentityCheck.orderId} = ${sellerOrder.id} and ${unseen})`

/** Whether the order waits for proof of identity: why a payment's guarded update found nothing. */
export async function identityWaiting(db: Pick<Db, 'select'>, orderId: string): Promise<boolean> {
  const [waiting] = await db
    .select({ id: orderIdentityCheck.id })
    .from(orderIdentityCheck)
    .where(and(eq(orderIdentityCheck.orderId, orderId), unseen))
  return Boolean(waiting)
}
