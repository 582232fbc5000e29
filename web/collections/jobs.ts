import 'server-only'
import { getContactInboxCopy, getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'
import type { Job } from '@/jobs/tick'
import { applyCollectionRetention } from './retention'
import { collectionSiteEntries } from './site-entries'

/**
 * Keeps collection requests only as long as the privacy policy says, in the Contact inbox
 * document's periods (the policy reads the same numbers as {contactKeepDays} and
 * {collectionContactYears}): retention.ts.
 */
export async function applyDueCollectionRetention(now = new Date()) {
  const [db, inbox, orderCopy] = await Promise.all([getDb(), getContactInboxCopy(), getOrderCopy()])
  const retention = { emptyDays: inbox.retentionDays, contactYears: inbox.collectionContactYears }
  return applyCollectionRetention(db, retention, collectionSiteEntries(orderCopy, inbox.collections), now)
}

export const collectionRetentionJob: Job = {
  name: 'Collection retention',
  lock: ADVISORY_LOCKS.collectionRetention,
  run: () => applyDueCollectionRetention(),
}
