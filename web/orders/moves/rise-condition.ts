/**
 * The rule every payment keeps, in SQL: an order is not paid while it holds a price rise nobody
 * approved. That is a rise still waiting for a manager, or a revised price above the quote, kept
 * by the seller, with no approval stamped (made before approvals existed, or written by hand).
 */
import { sql } from 'drizzle-orm'
import { orderItem, sellerOrder, unapprovedRise } from '@/db/schema'

/** A device of the order holds a rise nobody approved (for a query over `order_item`; its index has the same words). */
export const unapprovedRiseSql = unapprovedRise(orderItem)

/**
 * For a query over `seller_order`, the order holds no such rise: payment runs' selection and the
 * `pay` move's guarded update.
 */
export const noUnapprovedRise = sql`not exists (select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id} and ${unapprovedRiseSql})`
