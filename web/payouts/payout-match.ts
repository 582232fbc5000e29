import 'server-only'
import { createHmac, hkdfSync } from 'node:crypto'
import { and, asc, eq, gt, isNotNull, isNull, not, or, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { sellerOrder } from '@/db/schema'
import { openPayout, type PayoutKeys } from './payout-crypto'
import { DEFAULT_PAYOUT_METHOD, payoutMethodOf, type PayoutDetails } from './methods'

/**
 * A keyed hash (HMAC-SHA256) of what names one account (for a bank transfer, its sort code and
 * account number: the method's match key), to see one account paid for several orders. Keyed, because there are only about 10^12 pairs: a plain hash is undone by
 * trying them all, and this one is not without the key. The key is derived from the payout key
 * (HKDF, its own label), so it is configured, shared and rotated with it; its id goes in front, so
 * a hash made with another key is known for what it is and made again (fillPayoutMatches).
 */
export function payoutMatch(details: PayoutDetails, keys: PayoutKeys, method = DEFAULT_PAYOUT_METHOD): string {
  const key = Buffer.from(hkdfSync('sha256', keys.current.bytes, Buffer.alloc(0), 'handback payout match v1', 32))
  const mac = createHmac('sha256', key).update(method.matchKey(details)).digest('base64url')
  return `${keys.current.id}.${mac}`
}

const madeWithOtherKey = (keys: PayoutKeys) =>
  or(isNull(sellerOrder.payoutMatch), not(sql`starts_with(${sellerOrder.payoutMatch}, ${`${keys.current.id}.`})`))

/**
 * Fills the hash for orders that hold sealed bank details without one (placed before it existed),
 * or with one made with an old key (after a rotation): a batch at a time, in id order, each order
 * guarded by the sealed value it was read with. Details that do not open are left, and counted.
 */
export async function fillPayoutMatches(
  db: Db,
  keys: PayoutKeys,
  batch = 200,
): Promise<{ filled: number; unopened: number }> {
  let filled = 0
  let unopened = 0
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const rows = await db
      .select({
        id: sellerOrder.id,
        reference: sellerOrder.reference,
        sealed: sellerOrder.payoutSealed,
        method: sellerOrder.payoutMethod,
      })
      .from(sellerOrder)
      .where(and(isNotNull(sellerOrder.payoutSealed), madeWithOtherKey(keys), gt(sellerOrder.id, after)))
      .orderBy(asc(sellerOrder.id))
      .limit(batch)
    for (const row of rows) {
      let match: string
      try {
        match = payoutMatch(openPayout(row.sealed!, row.reference, keys), keys, payoutMethodOf(row.method))
      } catch {
        unopened++
        continue
      }
      const updated = await db
        .update(sellerOrder)
        .set({ payoutMatch: match })
        .where(and(eq(sellerOrder.id, row.id), eq(sellerOrder.payoutSealed, row.sealed!)))
        .returning({ id: sellerOrder.id })
      filled += updated.length
    }
    if (rows.length < batch) return { filled, unopened }
    after = rows.at(-1)!.id
  }
}
