import 'server-only'
import { getDb } from '@/db/connection'
import type { Job } from '@/jobs/tick'
import { markBasketsUsed, purgeExpiredBaskets, purgeUndoneLines } from './store'
import { takeBasketUses } from './usage'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'

/**
 * The baskets this instance read since the last tick, marked used. Every instance marks its own
 * (no lock): each mark is a guarded update, so two never move a basket back.
 */
export const basketUsesJob: Job = {
  name: 'Basket uses',
  lock: null,
  run: async () => markBasketsUsed(await getDb(), takeBasketUses()),
}

/** Lines left at zero past the undo window, and baskets unused for BASKET_TTL_DAYS with their lines. */
export const basketCleanUpJob: Job = {
  name: 'Basket clean-up',
  lock: ADVISORY_LOCKS.basketCleanUp,
  run: async () => {
    const db = await getDb()
    await purgeUndoneLines(db)
    await purgeExpiredBaskets(db)
  },
}
