// `npm run payout:match`
// Fills the keyed hash of the bank details (web/payouts/payout-match.ts) for orders placed before it
// existed, and makes it again for orders whose hash was made with an old key (after
// `npm run payout:rekey`), so staff see every order paid to one account. Safe to run again.
import { openDatabase } from '@/db/connection'
import { readPayoutKeys } from '@/payouts/payout-crypto'
import { fillPayoutMatches } from '@/payouts/payout-match'

async function main() {
  const keys = readPayoutKeys()
  const { db, close } = await openDatabase()
  try {
    const { filled, unopened } = await fillPayoutMatches(db, keys)
    console.log(`Bank details matched with key ${keys.current.id}: ${filled} orders filled, ${unopened} not opened.`)
    if (unopened) process.exitCode = 1
  } finally {
    await close()
  }
}

main().catch((error: Error) => {
  console.error(`payout:match failed: ${error.message}`)
  process.exitCode = 1
})
