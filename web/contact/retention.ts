import 'server-only'
import { getContactInboxCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import type { Job } from '@/jobs/tick'
import { purgeEndedContactMessages } from './store'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'

/** Deletes the messages answered or closed longer ago than the Contact inbox document says to keep them. */
export async function purgeExpiredContactMessages(now = new Date()): Promise<number> {
  const [copy, db] = await Promise.all([getContactInboxCopy(), getDb()])
  return purgeEndedContactMessages(db, copy.retentionDays, now)
}

/** Answered and closed messages past the period the Contact inbox document sets (the privacy policy's {contactKeepDays}). */
export const contactRetentionJob: Job = {
  name: 'Contact message purge',
  lock: ADVISORY_LOCKS.contactPurge,
  run: () => purgeExpiredContactMessages(),
}
