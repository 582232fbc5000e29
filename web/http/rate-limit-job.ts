import 'server-only'
import { getDb } from '@/db/connection'
import { purgeExpiredHits } from '@/db/rate-limit-store'
import type { Job } from '@/jobs/tick'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'

/** Hits whose window has passed, so that keys never seen again leave nothing behind. */
export const rateLimitPurgeJob: Job = {
  name: 'Rate-limit purge',
  lock: ADVISORY_LOCKS.rateLimitPurge,
  run: async () => purgeExpiredHits(await getDb()),
}
