import 'server-only'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { emailOutbox } from '@/db/schema'
import type { MailMessage } from './send'

export type OutboxMessage = { id: string; kind: string; attempts: number } & MailMessage

const LEASE_MS = 5 * 60 * 1000

/**
 * Claims due e-mails for sending: each is leased for a few minutes (its next attempt moved on),
 * so two senders never take the same message, and one that dies mid-send is retried later.
 */
export async function claimDueEmails(db: Db, now: Date, limit = 20): Promise<OutboxMessage[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (!due.length) return []
    const claimed = await tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning()
    return claimed.map((row) => ({
      id: row.id,
      kind: row.kind,
      attempts: row.attempts,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      replyTo: row.replyTo,
      listUnsubscribe: row.listUnsubscribe,
    }))
  })
}

// Waits after the 1st, 2nd, … failed attempt; after the last, the message is marked failed.
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000, 24 * 3600_000]

/**
 * The claim a sender holds: the message is still pending and nobody claimed it since (each claim
 * counts an attempt). A sender whose lease ran out and whose message was claimed again by another
 * changes nothing: the newer claim decides.
 */
const stillClaimed = (message: Pick<OutboxMessage, 'id' | 'attempts'>) =>
  and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, message.attempts))

/** Records a message as sent; false if the sender no longer held its claim. */
export async function markEmailSent(db: Db, message: Pick<OutboxMessage, 'id' | 'attempts'>): Promise<boolean> {
  const updated = await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(stillClaimed(message))
    .returning({ id: emailOutbox.id })
  return updated.length === 1
}

/** Records a failed attempt (the next one waits, or the message has failed); false if the claim was lost. */
export async function markEmailFailed(db: Db, message: OutboxMessage, error: string, now: Date): Promise<boolean> {
  const delay = RETRY_DELAYS_MS[message.attempts - 1]
  const updated = await db
    .update(emailOutbox)
    .set(
      delay === undefined
        ? { status: 'failed', lastError: error }
        : { nextAttemptAt: new Date(now.getTime() + delay), lastError: error },
    )
    .where(stillClaimed(message))
    .returning({ id: emailOutbox.id })
  return updated.length === 1
}
