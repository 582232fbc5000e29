import 'server-only'
import type { Job } from '@/jobs/tick'
import { kickOutbox } from './outbox-kick'

/** Every minute, what is due again: the retries of messages that failed (see RETRY_DELAYS_MS). */
export const outboxJob: Job = { name: 'E-mail outbox', lock: null, run: async () => kickOutbox() }
