import 'server-only'
import { fetchQuery } from '@/content/fetch-query'
import { modelTopPricesQuery } from '@/content/catalogue-queries'
import { getDb, runExclusively } from '@/db/connection'
import { priceAlertMail } from './mail'
import { alertRisenPrices } from './price-check'
import { jobOrigin, mailContext } from './mail-context'
import { watchedModels } from './store'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'

export const PRICE_ALERTS_LOCK = ADVISORY_LOCKS.priceAlerts

/**
 * The price alerts a publish owes, e-mailed through the outbox (see alertRisenPrices), with the
 * catalogue read as published now, past every cache. Run after each publish (the webhook) and by
 * the minute job, on one instance at a time; each rise is a guarded update besides, so a replayed
 * webhook or a second instance alerts nobody twice. Gives the e-mails queued, or null when another
 * instance holds the job.
 */
export async function sendPriceAlerts(now = new Date()): Promise<number | null> {
  return runExclusively(PRICE_ALERTS_LOCK, () => checkPriceAlerts(now))
}

/** sendPriceAlerts' work, for a caller that already holds PRICE_ALERTS_LOCK (the minute job). */
export async function checkPriceAlerts(now = new Date()): Promise<number> {
  const db = await getDb()
  // Nobody waiting for a rise: no need to read the catalogue.
  const watched = await watchedModels(db)
  if (!watched.length) return 0
  const [published, context] = await Promise.all([
    fetchQuery(modelTopPricesQuery, { live: true }),
    jobOrigin().then(mailContext),
  ])
  return alertRisenPrices(db, published, (recipient, rise) => priceAlertMail(recipient, rise, context), now, watched)
}
