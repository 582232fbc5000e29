// `npm run payout:rekey`
// After a key rotation (the new key in PAYOUT_ENCRYPTION_KEY, the old one in
// PAYOUT_ENCRYPTION_OLD_KEYS), seals every order's bank details again with the new key, one
// order per transaction, so that the old key can then be retired. Safe to run again.
import { eq } from 'drizzle-orm'
import { openDatabase } from '@/db/connection'
import { openPayout, readPayoutKeys, sealPayout, sealedWithOldKey } from '@/payouts/payout-crypto'
import { sellerOrder } from '@/db/schema'

async function main() {
  const keys = readPayoutKeys()
  const { db, close } = await openDatabase()
  let resealed = 0
  try {
    const rows = await db
      .select({ id: sellerOrder.id, reference: sellerOrder.reference, sealed: sellerOrder.payoutSealed })
      .from(sellerOrder)
    for (const row of rows) {
      if (!row.sealed || !sealedWithOldKey(row.sealed, keys)) continue
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ sealed: sellerOrder.payoutSealed })
          .from(sellerOrder)
          .where(eq(sellerOrder.id, row.id))
          .for('update')
        if (!current?.sealed || !sealedWithOldKey(current.sealed, keys)) return
        const details = openPayout(current.sealed, row.reference, keys)
        await tx
          .update(sellerOrder)
          .set({ payoutSealed: sealPayout(details, row.reference, keys) })
          .where(eq(sellerOrder.id, row.id))
        resealed++
      })
    }
    console.log(`Sealed again with key ${keys.current.id}: ${resealed} of ${rows.length} orders.`)
  } finally {
    await close()
  }
}

main().catch((error: Error) => {
  console.error(`payout:rekey failed: ${error.message}`)
  process.exitCode = 1
})
