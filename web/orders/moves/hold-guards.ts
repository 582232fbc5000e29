/**
 * What ending a hold early needs, said to the database inside the move's own update: what the
 * register answered since the order was quarantined (its status_since), never what a page showed.
 */
import { sql, type SQL } from 'drizzle-orm'
import { orderItem, sellerOrder } from '@/db/schema'
import { notPassedSql } from '@/register/checks'
import type { MoveName } from '@/orders/record/lifecycle'

const hasDevices = sql`exists (select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id})`

/**
 * Released to be paid: every device has passed before `now`, each by an answer given since the
 * hold began: a pass from a check made since, or a caution a manager cleared since. A clearing
 * made before the order was quarantined does not end the hold: staff quarantined it after all.
 */
export function releasable(now: Date): SQL {
  return sql`${hasDevices} and not exists (select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id} and (${notPassedSql(now)} or not coalesce(case ${orderItem.registerResult} when 'pass' then ${orderItem.registerCheckedAt} >= ${sellerOrder.statusSince} else ${orderItem.cautionClearedAt} >= ${sellerOrder.statusSince} end, false)))`
}

/**
 * Sent back to the seller: the terms hold a device reported lost or stolen for its days, and let
 * it go once the flag is cleared. So every device was checked again since the hold began and none
 * is a fail (nor waiting on the register); a caution left uncleared is no bar to a return.
 */
export function returnable(): SQL {
  return sql`${hasDevices} and not exists (select 1 from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id} and not coalesce(${orderItem.registerResult} in ('pass', 'caution') and ${orderItem.registerCheckedAt} >= ${sellerOrder.statusSince}, false))`
}

/** The guard a move out of quarantine carries, if it has one: keeping a device for the police needs none. */
export function holdGuard(move: MoveName, now: Date): SQL | undefined {
  if (move === 'release') return releasable(now)
  if (move === 'returnHeld') return returnable()
  return undefined
}
