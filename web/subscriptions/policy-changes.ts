import 'server-only'
import { fetchQuery } from '@/content/fetch-query'
import { policyChangesToMailQuery } from '@/content/queries'
import { getDb } from '@/db/connection'
import { jobOrigin, mailContext } from './mail-context'
import { policyChangedMail } from './policy-mail'
import { mailingSince, mailPolicyChanges } from './policy-mailing'

/**
 * The minute job's work: the policy changes published now (past every cache, as the price alerts
 * read the catalogue), each due one mailed (policy-mailing.ts). Gives the e-mails queued.
 */
export async function sendPolicyMailings(now = new Date()): Promise<number> {
  const changes = await fetchQuery(policyChangesToMailQuery, { live: true, params: { since: mailingSince(now) } })
  if (!changes.length) return 0
  const [db, context] = await Promise.all([getDb(), jobOrigin().then(mailContext)])
  return mailPolicyChanges(db, changes, (to, change) => policyChangedMail(to, change, context), { now })
}
