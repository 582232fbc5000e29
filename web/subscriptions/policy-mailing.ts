import 'server-only'
import { and, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { policyMailing, type PolicyMailingRow } from '@/db/schema'
import { queueEmails, type QueuedEmail } from '@/mail/queue'

/**
 * The privacy policy's promise: "If a change affects you significantly, we will tell you by
 * e-mail." A published policy change ticked to be told is mailed once to every address whose data
 * we hold: verified accounts, orders whose details retention has not removed, and confirmed
 * newsletter and price-alert subscribers, each address once whatever its letter case or sources.
 */

/** A change taking effect longer ago than this is never mailed: a fresh database finds old ones. */
export const MAILING_DAYS = 30
const BATCH = 200
const DAY_MS = 86_400_000

/** A published policy change, as the job reads it (content/queries.ts, policyChangesToMailQuery). */
export type PolicyChange = {
  _id: string
  changedOn: string | null
  summary: string | null
  tellByEmail: boolean | null
  pageTitle: string | null
  path: string | null
}

/** The first day (YYYY-MM-DD) a change may take effect on and still be mailed at `now`. */
export const mailingSince = (now: Date) => new Date(now.getTime() - MAILING_DAYS * DAY_MS).toISOString().slice(0, 10)

/** Ticked to be told, and taking effect no longer ago than MAILING_DAYS (a later day is fine: told before). */
const isDue = (change: PolicyChange, now: Date) =>
  change.tellByEmail === true && !!change.changedOn && change.changedOn >= mailingSince(now)

/**
 * Starts a mailing for each change due (once: a second start changes nothing) and sends each one
 * not finished, `batch` addresses a transaction. Gives how many e-mails it queued.
 */
export async function mailPolicyChanges(
  db: Db,
  changes: PolicyChange[],
  mail: (to: string, change: PolicyChange) => QueuedEmail,
  { now = new Date(), batch = BATCH, batches = Infinity }: { now?: Date; batch?: number; batches?: number } = {},
): Promise<number> {
  let queued = 0
  for (const change of changes) {
    if (!isDue(change, now)) continue
    await db.insert(policyMailing).values({ changeId: change._id, startedAt: now }).onConflictDoNothing()
    for (let done = 0; done < batches; done += 1) {
      const sent = await mailBatch(db, change, mail, batch)
      if (sent === null) break
      queued += sent
    }
  }
  return queued
}

type Recipient = { address: string; key: string }

/**
 * The next `limit` addresses after the cursor, in the order of their salted hash: every source's
 * address lower-cased, taken only from a record made before the mailing started, so the list does
 * not change under the cursor (someone who signs up meanwhile is not mailed about an old change).
 */
async function nextRecipients(db: Pick<Db, 'execute'>, mailing: PolicyMailingRow, limit: number): Promise<Recipient[]> {
  const start = sql`${mailing.startedAt.toISOString()}::timestamptz`
  const result = await db.execute(sql`
    with addresses as (
      select lower(email) as address from "user" where email_verified and created_at < ${start}
      union
      select lower(email) from seller_order where email is not null and placed_at < ${start}
      union
      select lower(email) from subscription where confirmed_at is not null and confirmed_at < ${start}
    ), keyed as (
      select address, encode(sha256(convert_to(${mailing.salt} || address, 'UTF8')), 'hex') as key from addresses
    )
    select address, key from keyed
     where ${mailing.cursor}::text is null or key > ${mailing.cursor}::text
     order by key
     limit ${limit}`)
  return (result as unknown as { rows: Recipient[] }).rows
}

/**
 * One batch, in one transaction: the mailing's row locked (a second instance waits, then reads the
 * cursor this one moved), the e-mails queued, and the cursor moved on by a guarded update from the
 * value read; a batch shorter than asked finishes the mailing. Null when there is nothing to do.
 */
async function mailBatch(
  db: Db,
  change: PolicyChange,
  mail: (to: string, change: PolicyChange) => QueuedEmail,
  limit: number,
): Promise<number | null> {
  try {
    return await db.transaction((tx) => batchInTx(tx, change, mail, limit))
  } catch (error) {
    // Moved by someone else since it was read: nothing of this batch was queued; read it again.
    if (error instanceof TransactionRollbackError) return 0
    throw error
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function batchInTx(
  tx: Tx,
  change: PolicyChange,
  mail: (to: string, change: PolicyChange) => QueuedEmail,
  limit: number,
): Promise<number | null> {
  const [mailing] = await tx
    .select()
    .from(policyMailing)
    .where(and(eq(policyMailing.changeId, change._id), isNull(policyMailing.finishedAt)))
    .for('update')
  if (!mailing) return null
  const recipients = await nextRecipients(tx, mailing, limit)
  await queueEmails(
    tx,
    recipients.map(({ address }) => mail(address, change)),
  )
  const last = recipients.at(-1)
  const moved = await tx
    .update(policyMailing)
    .set({
      cursor: last?.key ?? mailing.cursor,
      sent: sql`${policyMailing.sent} + ${recipients.length}`,
      finishedAt: recipients.length < limit ? sql`now()` : null,
    })
    .where(
      and(
        eq(policyMailing.changeId, mailing.changeId),
        isNull(policyMailing.finishedAt),
        mailing.cursor === null ? isNull(policyMailing.cursor) : eq(policyMailing.cursor, mailing.cursor),
      ),
    )
    .returning({ changeId: policyMailing.changeId })
  if (!moved.length) tx.rollback()
  return recipients.length
}
