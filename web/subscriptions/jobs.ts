import 'server-only'
import { getDb } from '@/db/connection'
import type { Job } from '@/jobs/tick'
import { kickOutbox } from '@/mail/outbox-kick'
import { checkPriceAlerts, PRICE_ALERTS_LOCK } from './price-alerts'
import { purgeUnconfirmed } from './store'
import { sendPolicyMailings } from './policy-changes'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'

/** The price alerts a publish owes, in case the instance that took the webhook stopped first. */
export const priceAlertsJob: Job = {
  name: 'Price alerts',
  lock: PRICE_ALERTS_LOCK,
  run: async () => {
    if (await checkPriceAlerts()) kickOutbox()
  },
}

/** Requests never confirmed, once their link has expired. */
export const unconfirmedPurgeJob: Job = {
  name: 'Subscription purge',
  lock: ADVISORY_LOCKS.subscriptionPurge,
  run: async () => purgeUnconfirmed(await getDb()),
}

/**
 * The e-mails a published policy change ticked to be told owes (policy-mailing.ts): started once,
 * sent in batches, resumed after a stop, on one instance at a time.
 */
export const policyMailingsJob: Job = {
  name: 'Policy mailings',
  lock: ADVISORY_LOCKS.policyMailings,
  run: async () => {
    if (await sendPolicyMailings()) kickOutbox()
  },
}
